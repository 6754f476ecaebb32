// `npm run bench:start`: how fast the server is back (issue 33: a restart in a second). Times `node scripts/start.js`
// (what `npm start` runs once nothing needs building) from the spawn to the first `/healthz` 200 and to the first
// signed 200 (GET /sandbox/api/clock signed with the demo merchant's key: key lookup, signature, nonce admission, a
// store read), in four cases: PGlite cold (a new DATA_DIR each run), PGlite after kill -9 (the same DATA_DIR, the
// process killed under no load), and the same two on PostgreSQL (a new database each run; the same database).
// Beside the wall time, the server's own CPU time until /healthz (from /proc): on a busy machine the wall time says
// more about the other processes. One run on this machine; not a test. Figures go in docs/restart.md.
//
//   npm run bench:start [-- --runs 5] [--stores pglite,postgres] [--database-url postgres://…] [--pg-port 55405] [--port N]
//
// PostgreSQL: --database-url (or DATABASE_URL), an admin URL (the bench creates and drops its own databases there),
// else a throwaway PostgreSQL 15 cluster started here on --pg-port as .ci/run does.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { demoMerchant } from '../src/server/modules/sandbox/engine/seed.ts'
import { cpuMsOf, ensureBuilt, kill9, percentile, signedCall, startBuilt, untilHealthy } from './lib/built-server.ts'
import { freePort } from './lib/local-server.ts'
import { dropDatabase, freshDatabase, startThrowawayPostgres } from './lib/throwaway-postgres.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    stores: { type: 'string', default: 'pglite,postgres' },
    'database-url': { type: 'string' },
    'pg-port': { type: 'string', default: '55405' },
    port: { type: 'string' },
  },
})
const runs = Number(values.runs)
const stores = values.stores.split(',')
const port = Number(values.port ?? process.env.E2E_PORT ?? (await freePort()))
const origin = `http://127.0.0.1:${port}`

interface Sample {
  healthMs: number
  signedMs: number
  cpuMs: number | undefined
}

/** One start: spawn, first /healthz 200, first signed 200; the server is left running for the caller to kill. */
async function once(env: Record<string, string>) {
  const started = await startBuilt(port, env)
  const healthMs = await untilHealthy(origin, started)
  const cpuMs = cpuMsOf(started.child.pid)
  for (;;) {
    const res = await signedCall(origin, demoMerchant, 'GET', '/sandbox/api/clock')
    if (res.status === 200) return { started, sample: { healthMs, signedMs: performance.now() - started.t0, cpuMs } }
    throw new Error(`signed GET /sandbox/api/clock answered ${res.status}: ${JSON.stringify(res.json)}`)
  }
}

interface Row {
  store: string
  start: string
  samples: Sample[]
  load: number
}
const rows: Row[] = []

/** `cold`: each run on a new store (`fresh` makes it); `kill -9`: one store, each run after a kill -9 of the last. */
async function bench(store: string, fresh: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>) {
  const cold: Sample[] = []
  for (let i = 0; i < runs; i++) {
    const { env, drop } = await fresh()
    try {
      const { started, sample } = await once(env)
      cold.push(sample)
      await kill9(started.child)
    } finally {
      await drop()
    }
    process.stderr.write(`${store} cold ${i + 1}/${runs}: /healthz ${Math.round(cold.at(-1)!.healthMs)} ms\n`)
  }
  rows.push({ store, start: 'cold', samples: cold, load: loadavg()[0]! })
  const { env, drop } = await fresh()
  const killed: Sample[] = []
  try {
    // the first start makes the store; each measured one follows a kill -9 of the one before
    let { started } = await once(env)
    for (let i = 0; i < runs; i++) {
      await kill9(started.child)
      const next = await once(env)
      killed.push(next.sample)
      started = next.started
      process.stderr.write(`${store} after kill -9 ${i + 1}/${runs}: /healthz ${Math.round(next.sample.healthMs)} ms\n`)
    }
    await kill9(started.child)
  } finally {
    await drop()
  }
  rows.push({ store, start: 'after kill -9', samples: killed, load: loadavg()[0]! })
}

await ensureBuilt()
const header = `PayLab restart bench — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} cores, ${runs} runs per case, load average ${loadavg()
  .map((n) => n.toFixed(1))
  .join(' ')}`
console.log(header)
if (stores.includes('pglite'))
  await bench('PGlite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-start-'))
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  })
if (stores.includes('postgres')) {
  const adminUrl = values['database-url'] ?? process.env.DATABASE_URL
  const cluster = adminUrl ? undefined : startThrowawayPostgres(Number(values['pg-port']))
  const admin = adminUrl ?? cluster?.url
  if (!admin) console.log('(no --database-url and no PostgreSQL 15 at /usr/lib/postgresql/15/bin: PostgreSQL skipped)')
  else
    try {
      let n = 0
      await bench('PostgreSQL', async () => {
        const name = `paylab_bench_start_${process.pid}_${n++}`
        const databaseUrl = await freshDatabase(admin, name)
        const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-start-pg-'))
        return {
          env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
          drop: async () => {
            rmSync(dataDir, { recursive: true, force: true })
            await dropDatabase(admin, name)
          },
        }
      })
    } finally {
      cluster?.stop()
    }
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : String(Math.round(n)))
const table = [
  ['store', 'start', 'runs', '/healthz p50 ms', 'max', 'signed 200 p50 ms', 'max', 'server CPU to /healthz p50 ms', 'load 1 min'],
  ...rows.map((r) => {
    const cpu = r.samples.map((s) => s.cpuMs).filter((n): n is number => n !== undefined)
    return [
      r.store,
      r.start,
      String(r.samples.length),
      ms(
        percentile(
          r.samples.map((s) => s.healthMs),
          50,
        ),
      ),
      ms(Math.max(...r.samples.map((s) => s.healthMs))),
      ms(
        percentile(
          r.samples.map((s) => s.signedMs),
          50,
        ),
      ),
      ms(Math.max(...r.samples.map((s) => s.signedMs))),
      ms(cpu.length ? percentile(cpu, 50) : undefined),
      r.load.toFixed(1),
    ]
  }),
]
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
for (const [i, row] of table.entries()) {
  console.log(`| ${row.map((cell, j) => (j >= 2 ? cell.padStart(widths[j]!) : cell.padEnd(widths[j]!))).join(' | ')} |`)
  if (i === 0) console.log(`|${widths.map((w, j) => (j >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`)
}
console.log(
  `goal on a quiet machine: ≤ 1000 ms on PostgreSQL, ≤ 1500 ms on PGlite; load average at the end ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
process.exit(0)
