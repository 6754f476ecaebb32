// `npm run soak:kill -- --kills N`: kill -9 under write load, N times, and after each restart every acknowledged write is
// there and every balance adds up (issue 33). The built server (`node scripts/start.js`, loopback only) runs on a store
// of its own: PGlite in a new DATA_DIR, or with --database-url a new database on that PostgreSQL server (an admin URL:
// the soak creates and drops its database there; --postgres alone starts a throwaway PostgreSQL 15 on --pg-port).
// Each cycle: `--connections` clients write at once (signed create-code and its payment by a test user, signed native
// payments, signed refunds, wallet top-ups) over two merchants of its own for a random 0.2–1.5 s, the server is killed
// with SIGKILL in the middle of it, started again, and the ledger (scripts/lib/soak-ledger.ts) checks the store. Stops
// after N kills or --max-minutes, whichever comes first, and prints the figures: kills, acknowledged writes, lost
// writes, anomalies, unexpected 5xx, restart times (to /healthz 200) p50/p95/max.
//
//   npm run soak:kill -- --kills 20 [--connections 6] [--database-url postgres://…| --postgres [--pg-port 55405]]
//                        [--max-minutes 60] [--port N] [--keep]
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openStore, pgliteTemplateFile } from '../src/server/store/db.ts'
import { dashboardRepo } from '../src/server/store/dashboard-repo.ts'
import { merchantRepo } from '../src/server/store/merchant-repo.ts'
import { ensureBuilt, kill9, percentile, startBuilt, stop, untilHealthy, type Merchant, type Started } from './lib/built-server.ts'
import { freePort } from './lib/local-server.ts'
import { MerchantLedger, type Figures } from './lib/soak-ledger.ts'
import { dropDatabase, freshDatabase, startThrowawayPostgres } from './lib/throwaway-postgres.ts'

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    connections: { type: 'string', default: '6' },
    'database-url': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'pg-port': { type: 'string', default: '55405' },
    'max-minutes': { type: 'string', default: '60' },
    port: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
})
const kills = Number(values.kills)
const connections = Number(values.connections)
const deadline = Date.now() + Number(values['max-minutes']) * 60_000
if (!Number.isInteger(kills) || kills < 1 || !Number.isInteger(connections) || connections < 1) throw new Error('--kills and --connections: whole numbers ≥ 1')
const port = Number(values.port ?? process.env.E2E_PORT ?? (await freePort()))
const origin = `http://127.0.0.1:${port}`

await ensureBuilt()
const cluster = values.postgres && !values['database-url'] ? startThrowawayPostgres(Number(values['pg-port'])) : undefined
const adminUrl = values['database-url'] ?? cluster?.url
if (values.postgres && !adminUrl) throw new Error('no PostgreSQL 15 at /usr/lib/postgresql/15/bin: give --database-url')
const dbName = `paylab_soak_${process.pid}`
const databaseUrl = adminUrl ? await freshDatabase(adminUrl, dbName) : undefined
const dataDir = mkdtempSync(join(tmpdir(), 'paylab-soak-'))
const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }

/** Two merchants of the soak's own (the demo merchant's clock cannot move), made before the server first starts. */
async function makeMerchants(): Promise<Merchant[]> {
  const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir, template: pgliteTemplateFile })
  try {
    const repo = merchantRepo(store.db)
    const made: Merchant[] = []
    for (const name of ['Soak Cake Shop', 'Soak Tea House']) {
      const merchant = await repo.create({ name, products: ['qrcode', 'webcashier', 'autodebit'] })
      const key = await repo.issueCredential(merchant.id)
      // A paid test QR payment cancels itself a minute later by default (spec §4, dashboard setting "QR auto-cancel"),
      // and each cycle moves the clock a month: every paid code would turn FAILED and its money come back, which the
      // ledger would count as lost writes. The soak checks durability across kill -9, so its merchants turn it off.
      await dashboardRepo(store.db).saveSettings(merchant.id, { qrAutoCancel: false }, new Date())
      made.push({ id: merchant.id, apiKey: key.apiKey, apiSecret: key.apiSecret })
    }
    return made
  } finally {
    await store.close()
  }
}

const figures: Figures = { acked: 0, lost: 0, anomalies: [], unexpected5xx: 0 }
const restarts: number[] = []
let done = 0
let server: Started | undefined
console.log(
  `PayLab kill -9 soak — ${new Date().toISOString()} — ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${kills} kills, ${connections} connections, ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
)
try {
  const ledgers = (await makeMerchants()).map((m) => new MerchantLedger(m, figures))
  server = await startBuilt(port, env)
  await untilHealthy(origin, server)
  for (const ledger of ledgers) await ledger.setUp(origin)
  while (done < kills && Date.now() < deadline) {
    for (const ledger of ledgers) await ledger.nextMonth(origin)
    // the load: every client writes until the kill; a request cut by it leaves its write in doubt
    let killed = false
    const clients = Array.from({ length: connections }, async (_, i) => {
      while (!killed) await ledgers[i % ledgers.length]!.write(origin).catch(() => undefined)
    })
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300))
    await kill9(server.child)
    killed = true
    await Promise.all(clients)
    done++
    server = await startBuilt(port, env)
    const restartMs = await untilHealthy(origin, server)
    restarts.push(restartMs)
    for (const ledger of ledgers) await ledger.verify(origin)
    process.stderr.write(
      `kill ${done}/${kills}: back in ${Math.round(restartMs)} ms; acknowledged ${figures.acked}, lost ${figures.lost}, anomalies ${figures.anomalies.length}\n`,
    )
  }
} finally {
  if (server) await stop(server.child)
  if (!values.keep) {
    rmSync(dataDir, { recursive: true, force: true })
    if (adminUrl) await dropDatabase(adminUrl, dbName).catch(() => undefined)
  }
  cluster?.stop()
}

const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : `${Math.round(n)} ms`)
console.log(`kills: ${done}${done < kills ? ` (stopped by --max-minutes after ${done})` : ''}`)
console.log(`acknowledged writes checked: ${figures.acked}`)
console.log(`lost writes: ${figures.lost}`)
console.log(`anomalies: ${figures.anomalies.length}`)
for (const line of figures.anomalies.slice(0, 20)) console.log(`  ${line}`)
console.log(`unexpected 5xx answers: ${figures.unexpected5xx}`)
console.log(`restart to /healthz 200: p50 ${ms(percentile(restarts, 50))}, p95 ${ms(percentile(restarts, 95))}, max ${ms(Math.max(...restarts))}`)
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
process.exit(figures.lost || figures.anomalies.length ? 1 : 0)
