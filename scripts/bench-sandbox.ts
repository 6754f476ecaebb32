// `npm run bench:sandbox`: throughput and latency of the sandbox's signed calls beside the same server's bare JSON
// endpoint (GET /sandbox/api/ping), the ceiling: the signed create-code (POST /v2/codes) and every signed GET the
// provider's SDK exposes — code payments, payments, refunds, user authorizations, the wallet balance, money requests,
// cashback and its reversals (issue 33: each within 20 % of the code-payment read's share of ping; the SDK has no
// GET of captures, which payment details carry). The server runs as a child process on loopback (so the load
// generator does not share its event loop), in one run: on a fresh PGlite store, on PostgreSQL with one process, and
// on PostgreSQL with WORKERS=2 (issue 22). PostgreSQL: DATABASE_URL (an admin URL: the bench creates and drops its
// own databases there; when it runs on this machine its CPU per request is measured too), else a throwaway
// PostgreSQL 15 cluster started here as .ci/run does (Debian's postgresql package). One run on this machine; not a
// test. Figures go in docs/sandbox-wallet.md.
//
// BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_CONNECTIONS (default 50); BENCH_ONLY=<part of an endpoint's name>;
// BENCH_STORES=pglite,postgres,workers; BENCH_CPU_PROF=<dir> (the server runs with --cpu-prof into it).
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { signOpaRequest } from '../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../src/server/modules/sandbox/auth/opa-crypto.ts'
import { cpuMsOfTrees, localPostmasterPid, startChild, stopChild } from './lib/bench-processes.ts'
import { freshDatabase, startThrowawayPostgres } from './lib/throwaway-postgres.ts'
import { seedBenchMerchant, type BenchMerchant as Merchant } from './lib/bench-sandbox-seed.ts'
import { codeRead, printReadGoal, printScaling, printTable, type CpuPerRequest, type Row } from './lib/bench-table.ts'

const warmupSeconds = Number(process.env.BENCH_WARMUP_S ?? 1)
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const stores = (process.env.BENCH_STORES ?? 'pglite,postgres,workers').split(',')

// autocannon ships no types; this is the part of its API the bench uses.
interface RawRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}
interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
  duration: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  requests: { setupRequest: (req: RawRequest) => RawRequest }[]
}) => Promise<AutocannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

function signedHeaders(merchant: Pick<Merchant, 'id' | 'apiKey' | 'apiSecret'>, method: string, path: string, body?: string): Record<string, string> {
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    method,
    path,
    // 16 hex digits: with the SDKs' 8, two of the ~40,000 requests of a run's window share a nonce about one run in
    // five (a birthday collision), and the sandbox rightly refuses the second as a replay
    nonce: randomUUID().replaceAll('-', '').slice(0, 16),
    epoch: Math.floor(Date.now() / 1000),
    contentType: body ? contentType : null,
    body: body ?? null,
  })
  return {
    authorization,
    'x-assume-merchant': merchant.id,
    ...(body ? { 'content-type': contentType } : {}),
  }
}

let sequence = 0
function createCodeBody(): string {
  sequence += 1
  return JSON.stringify({
    merchantPaymentId: `BENCH-${process.pid}-${Date.now()}-${sequence}`,
    amount: { amount: 1000, currency: 'JPY' },
    codeType: 'ORDER_QR',
    orderDescription: 'Strawberry shortcake',
    requestedAt: Math.floor(Date.now() / 1000),
  })
}

interface Scenario {
  name: string
  setupRequest: (req: RawRequest) => RawRequest
}

/** A signed GET of `path` (signed afresh for every request: a nonce is used once). */
const signedGet = (merchant: Merchant, name: string, path: string): Scenario => ({
  name,
  setupRequest: (req) => ({ ...req, method: 'GET', path, headers: { ...req.headers, ...signedHeaders(merchant, 'GET', path) } }),
})

function scenarios(merchant: Merchant, codePaymentPath: string): Scenario[] {
  return [
    { name: 'bare JSON (GET /sandbox/api/ping)', setupRequest: (req) => ({ ...req, method: 'GET', path: '/sandbox/api/ping' }) },
    {
      name: 'signed create-code (POST /v2/codes)',
      setupRequest: (req) => {
        const body = createCodeBody()
        return { ...req, method: 'POST', path: '/v2/codes', body, headers: { ...req.headers, ...signedHeaders(merchant, 'POST', '/v2/codes', body) } }
      },
    },
    signedGet(merchant, codeRead, codePaymentPath),
    ...Object.entries(merchant.reads).map(([name, path]) => signedGet(merchant, name, path)),
  ]
}

/** The PostgreSQL server's postmaster (its backends are its children), when it runs on this machine. */
let postgresPid: number | undefined

async function measure(origin: string, scenario: Scenario, serverPid: number) {
  const run = (duration: number) => autocannon({ url: origin, connections, duration, requests: [{ setupRequest: scenario.setupRequest }] })
  await run(warmupSeconds)
  const before = { server: cpuMsOfTrees([serverPid]), postgres: postgresPid ? cpuMsOfTrees([postgresPid]) : undefined, bench: process.cpuUsage() }
  const result = await run(durationSeconds)
  const server = cpuMsOfTrees([serverPid])
  const postgres = postgresPid ? cpuMsOfTrees([postgresPid]) : undefined
  const bench = process.cpuUsage(before.bench)
  const total = Math.max(result.requests.total, 1)
  // µs of CPU per request answered
  const cpu: CpuPerRequest = {
    server: server !== undefined && before.server !== undefined ? ((server - before.server) * 1000) / total : undefined,
    postgres: postgres !== undefined && before.postgres !== undefined ? ((postgres - before.postgres) * 1000) / total : undefined,
    bench: (bench.user + bench.system) / total,
  }
  return { result, cpu }
}

async function benchStore(label: string, env: Record<string, string>, seed: () => Promise<Merchant>): Promise<Row[]> {
  const merchant = await seed()
  const { child, origin } = await startChild(env)
  try {
    const body = createCodeBody()
    const created = await fetch(`${origin}/v2/codes`, { method: 'POST', body, headers: signedHeaders(merchant, 'POST', '/v2/codes', body) })
    const createdJson: unknown = await created.json()
    if (created.status !== 201) throw new Error(`could not create the code to read: ${created.status} ${JSON.stringify(createdJson)}`)
    const codePaymentPath = `/v2/codes/payments/${(JSON.parse(body) as { merchantPaymentId: string }).merchantPaymentId}`
    const rows: Row[] = []
    const only = process.env.BENCH_ONLY
    for (const scenario of scenarios(merchant, codePaymentPath).filter((s) => !only || s.name.includes(only) || s.name.startsWith('bare'))) {
      // each read answers 200 before it is measured (a seeding fault shows here, not as a column of non-2xx)
      if (scenario.name.startsWith('signed GET')) {
        const path = scenario.setupRequest({}).path!
        const answer = await fetch(origin + path, { headers: signedHeaders(merchant, 'GET', path) })
        if (answer.status !== 200) throw new Error(`${scenario.name} answered ${answer.status}: ${await answer.text()}`)
      }
      process.stderr.write(`${label}: ${scenario.name} … `)
      const { result, cpu } = await measure(origin, scenario, child.pid!)
      process.stderr.write(`${Math.round(result.requests.average)} req/s\n`)
      rows.push({
        load: loadavg()[0]!.toFixed(1),
        store: label,
        scenario: scenario.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        total: result.requests.total,
        cpu,
      })
    }
    return rows
  } finally {
    await stopChild(child)
  }
}

const loads = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
console.log(
  `PayLab sandbox bench — ${new Date().toISOString()} — node ${process.version}, ${connections} connections, ` +
    `${warmupSeconds} s warm-up + ${durationSeconds} s per endpoint, autocannon, loopback; ` +
    `${cpus().length} cores, load average ${loads()} (other work on the machine skews every figure)`,
)
const rows: Row[] = []
if (stores.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-'))
  try {
    rows.push(...(await benchStore('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '' }, () => seedBenchMerchant({ dataDir }))))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
if (stores.includes('postgres') || stores.includes('workers')) {
  const cluster = process.env.DATABASE_URL ? undefined : startThrowawayPostgres()
  const adminUrl = process.env.DATABASE_URL ?? cluster?.url
  postgresPid = cluster?.pid ?? (adminUrl ? await localPostmasterPid(adminUrl) : undefined)
  if (!adminUrl) console.log('(no DATABASE_URL and no PostgreSQL 15 at /usr/lib/postgresql/15/bin: PostgreSQL skipped; apt-get install postgresql)')
  else
    try {
      for (const [label, workers] of [
        ['PostgreSQL', '1'],
        ['PostgreSQL WORKERS=2', '2'],
      ] as const) {
        if (!stores.includes(workers === '1' ? 'postgres' : 'workers')) continue
        const databaseUrl = await freshDatabase(adminUrl, `paylab_bench_${workers}`)
        const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-pg-'))
        try {
          rows.push(...(await benchStore(label, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKERS: workers }, () => seedBenchMerchant({ databaseUrl }))))
        } finally {
          rmSync(dataDir, { recursive: true, force: true })
        }
      }
    } finally {
      cluster?.stop()
    }
}
printTable(rows)
printReadGoal(rows)
printScaling(rows)
console.log(`load average at the end: ${loads()}`)
