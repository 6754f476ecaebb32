// `npm run bench:sandbox`: throughput and latency of the sandbox's signed create-code (POST /v2/codes) and
// signed get-payment (GET /v2/codes/payments/{id}) beside the same server's bare JSON endpoint
// (GET /sandbox/api/ping), the ceiling. The server runs as a child process on loopback (so the load generator
// does not share its event loop), in one run: on a fresh PGlite store, on PostgreSQL with one process, and on
// PostgreSQL with WORKERS=2 (issue 22). PostgreSQL: DATABASE_URL (an admin URL: the bench creates and drops its
// own databases there; when it runs on this machine its CPU per request is measured too), else a throwaway
// PostgreSQL 15 cluster started here as .ci/run does (Debian's postgresql package). One run on this machine; not a test. Figures go in docs/sandbox-wallet.md.
//
// BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_CONNECTIONS (default 50); BENCH_ONLY=<part of an endpoint's name>;
// BENCH_STORES=pglite,postgres,workers; BENCH_CPU_PROF=<dir> (the server runs with --cpu-prof into it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { signOpaRequest } from '../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../src/server/modules/sandbox/auth/opa-crypto.ts'
import { openStore } from '../src/server/store/db.ts'
import { merchantRepo } from '../src/server/store/merchant-repo.ts'
import pg from 'pg'
import { freePort, waitUntilOk } from './lib/local-server.ts'

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

interface Merchant {
  id: string
  apiKey: string
  apiSecret: string
}

async function seedMerchant(options: { dataDir?: string; databaseUrl?: string }): Promise<Merchant> {
  const store = await openStore(options)
  try {
    const repo = merchantRepo(store.db)
    const merchant = await repo.create({ name: 'Bench Cake Shop', products: ['qrcode'] })
    const credential = await repo.issueCredential(merchant.id)
    return { id: merchant.id, apiKey: credential.apiKey, apiSecret: credential.apiSecret }
  } finally {
    await store.close()
  }
}

async function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort()
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SANDBOX_HTTPS_PORT: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  await waitUntilOk(`${origin}/healthz`, { timeoutMs: 60_000, intervalMs: 200, child })
  // The server parses its docs in the background from its start (seconds of CPU); a page waits for them. Without
  // this the first endpoints measured shared the CPU with that parse (issue 22's profile of create-code: 2.3 s of
  // markdown in a 5 s run).
  // (with WORKERS each worker parses its own: several requests at once, on connections of their own, reach each)
  await Promise.all(Array.from({ length: 8 }, () => fetch(`${origin}/`, { headers: { connection: 'close' } }).then((page) => page.arrayBuffer())))
  return { child, origin }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

function signedHeaders(merchant: Merchant, method: string, path: string, body?: string): Record<string, string> {
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

function scenarios(merchant: Merchant, paymentPath: string): Scenario[] {
  return [
    {
      name: 'bare JSON (GET /sandbox/api/ping)',
      setupRequest: (req) => ({ ...req, method: 'GET', path: '/sandbox/api/ping' }),
    },
    {
      name: 'signed create-code (POST /v2/codes)',
      setupRequest: (req) => {
        const body = createCodeBody()
        return { ...req, method: 'POST', path: '/v2/codes', body, headers: { ...req.headers, ...signedHeaders(merchant, 'POST', '/v2/codes', body) } }
      },
    },
    {
      name: 'signed get-payment (GET /v2/codes/payments/{id})',
      setupRequest: (req) => ({ ...req, method: 'GET', path: paymentPath, headers: { ...req.headers, ...signedHeaders(merchant, 'GET', paymentPath) } }),
    },
  ]
}

interface Row {
  load: string
  store: string
  scenario: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
  /** CPU µs per request: the server (with its workers), PostgreSQL, the bench itself (autocannon, signing). */
  cpu: CpuPerRequest
}

/**
 * CPU time (ms, user + system) of processes and their descendants, from /proc (Linux; undefined elsewhere): where a
 * request's CPU goes — the server (its workers), PostgreSQL's backends, and this process (autocannon and the signing).
 */
function cpuMsOfTrees(rootPids: number[]): number | undefined {
  try {
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          // fields after the command name (which may hold spaces): state ppid … utime(14) stime(15)
          const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
          const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
          return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }]
        } catch {
          return []
        }
      })
    const inTree = new Set(rootPids)
    for (let grew = true; grew;) {
      grew = false
      for (const p of stats)
        if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
          inTree.add(p.pid)
          grew = true
        }
    }
    return (stats.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) * 1000) / clockTicksPerSecond
  } catch {
    return undefined
  }
}
const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()
/** The PostgreSQL server's postmaster (its backends are its children), when the bench started it. */
let postgresPid: number | undefined

interface CpuPerRequest {
  server?: number
  postgres?: number
  bench: number
}

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
    const merchantPaymentId = (JSON.parse(body) as { merchantPaymentId: string }).merchantPaymentId
    const paymentPath = `/v2/codes/payments/${merchantPaymentId}`
    const rows: Row[] = []
    const only = process.env.BENCH_ONLY
    for (const scenario of scenarios(merchant, paymentPath).filter((s) => !only || s.name.includes(only))) {
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

function printTable(rows: Row[]) {
  const header = [
    'store',
    'endpoint',
    'req/s',
    'vs ceiling',
    'p50 ms',
    'p99 ms',
    'p99 vs ping',
    'CPU µs/req server',
    'PG',
    'bench',
    'cores busy srv/PG/bench',
    'load 1 min',
    'requests',
    'non-2xx',
    'errors',
  ]
  const us = (n: number | undefined) => (n === undefined ? 'n/a' : n.toFixed(0))
  const lines = rows.map((row) => {
    const ping = rows.find((r) => r.store === row.store && r.scenario.startsWith('bare'))
    const ceiling = ping?.rps ?? row.rps
    return [
      row.store,
      row.scenario,
      row.rps.toFixed(0),
      `${((row.rps / ceiling) * 100).toFixed(1)} %`,
      // no request finished inside the run (each took longer than it): no latency to show
      row.total ? row.p50.toFixed(1) : 'n/a',
      row.total ? row.p99.toFixed(1) : 'n/a',
      ping?.total && row.total ? `${(row.p99 / Math.max(ping.p99, 1)).toFixed(1)}×` : 'n/a',
      us(row.cpu.server),
      us(row.cpu.postgres),
      us(row.cpu.bench),
      // cores kept busy during the run (CPU µs per request × requests per second): a server process near 1.0 is the bound
      [row.cpu.server, row.cpu.postgres, row.cpu.bench].map((n) => (n === undefined ? '–' : ((n * row.rps) / 1e6).toFixed(2))).join(' / '),
      row.load,
      String(row.total),
      String(row.non2xx),
      String(row.errors),
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`
  console.log(fmt(header))
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`)
  for (const line of lines) console.log(fmt(line))
}

/** How much WORKERS=2 gains over one process, per endpoint (the goal: at least 1.5×). */
function printScaling(rows: Row[]) {
  for (const one of rows.filter((r) => r.store === 'PostgreSQL')) {
    const two = rows.find((r) => r.store === 'PostgreSQL WORKERS=2' && r.scenario === one.scenario)
    if (two && one.rps > 0) console.log(`WORKERS=2 / one process, ${one.scenario}: ${(two.rps / one.rps).toFixed(2)}×`)
  }
}

const started = new Date()
console.log(
  `PayLab sandbox bench — ${started.toISOString()} — node ${process.version}, ${connections} connections, ` +
    `${warmupSeconds} s warm-up + ${durationSeconds} s per endpoint, autocannon, loopback; ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (other work on the machine skews every figure)`,
)
const rows: Row[] = []
if (stores.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-'))
  try {
    rows.push(...(await benchStore('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '' }, () => seedMerchant({ dataDir }))))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
if (stores.includes('postgres') || stores.includes('workers')) {
  const cluster = process.env.DATABASE_URL ? undefined : startThrowawayPostgres()
  const adminUrl = process.env.DATABASE_URL ?? cluster?.url
  if (adminUrl && postgresPid === undefined) postgresPid = await localPostmasterPid(adminUrl)
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
          rows.push(...(await benchStore(label, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKERS: workers }, () => seedMerchant({ databaseUrl }))))
        } finally {
          rmSync(dataDir, { recursive: true, force: true })
        }
      }
    } finally {
      cluster?.stop()
    }
}
printTable(rows)
printScaling(rows)
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)

/** A throwaway PostgreSQL 15 cluster like .ci/run's (initdb as the postgres user, trust auth, fsync off). */
function startThrowawayPostgres(): { url: string; stop: () => void } | undefined {
  const bin = '/usr/lib/postgresql/15/bin'
  if (!existsSync(`${bin}/initdb`)) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'paylab-bench-pgcluster-'))
  const asRoot = process.getuid?.() === 0
  const run = (command: string) =>
    asRoot ? execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' }) : execFileSync('sh', ['-c', command], { stdio: 'ignore' })
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0)
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  run(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`)
  run(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -w start`)
  console.log(`(a throwaway PostgreSQL 15 on port ${port})`)
  try {
    postgresPid = Number(readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0])
  } catch {
    postgresPid = undefined
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m immediate stop`)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** An empty database of that name on the server of `adminUrl` (dropped first if a former run left it). */
async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The postmaster of a server named by DATABASE_URL when it runs on this machine (the parent of this connection's
 * backend), so that its CPU per request is measured too; undefined for a remote server.
 */
async function localPostmasterPid(adminUrl: string): Promise<number | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl })
  try {
    await admin.connect()
    const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid')
    const text = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8')
    const parent = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1])
    return readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('postgres') ? parent : undefined
  } catch {
    return undefined
  } finally {
    await admin.end().catch(() => undefined)
  }
}
