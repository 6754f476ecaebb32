import cluster from 'node:cluster'
import { clockFor, composeServer } from './compose.ts'
import { loadConfig } from './config.ts'
import { hostPolicyOf } from './http/known-hosts.ts'
import { createLogger } from './logger.ts'
import { loadOrCreateCertificate } from './modules/sandbox/https.ts'
import { createSandbox } from './modules/sandbox/engine/index.ts'
import { openStore } from './store/db.ts'

/**
 * Starts the one server (compose.ts: store, app, listeners, background tasks) and stops it gracefully on SIGINT or
 * SIGTERM, then ends the process.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env, options: { migrate?: boolean } = {}) {
  const running = await composeServer(env, options)
  const log = running.deps.log
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info('shutting down', { signal })
    await running.close()
    log.info('stopped')
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return { server: running.server, https: running.https, deps: running.deps, shutdown }
}

/** `WORKERS`: how many server processes (default 1). Not a number ≥ 1: refused with the reason. */
export function workersOf(env: NodeJS.ProcessEnv): number {
  const raw = env.WORKERS?.trim()
  if (!raw) return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new OperatorError(`WORKERS must be a whole number from 1 to 64 (got "${raw}").`)
  if (n > 1 && !env.DATABASE_URL)
    throw new OperatorError(
      `WORKERS=${n} needs PostgreSQL: set DATABASE_URL=postgres://… (the embedded PGlite store in DATA_DIR serves one process only). ` +
        'Unset WORKERS (or set WORKERS=1) to run one process on PGlite.',
    )
  return n
}

/** A start-up refusal an operator can act on: printed as it is, without a stack trace. */
export class OperatorError extends Error {}

/**
 * Starts PayLab: one server process, or with `WORKERS=n` (PostgreSQL only) n processes sharing the port
 * (node:cluster). The primary applies migrations, seeds the demo merchant and makes the HTTPS certificate once,
 * then forks the workers (each a whole server; what they share lives in the database: docs/running-for-a-team.md);
 * a worker that dies is replaced; SIGINT/SIGTERM stop every worker gracefully.
 */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const workers = workersOf(env)
  if (cluster.isWorker) return startServer(env, { migrate: false })
  if (workers === 1) return startServer(env)
  const config = loadConfig(env)
  const log = createLogger(config.logLevel)
  const store = await openStore({ databaseUrl: config.databaseUrl })
  try {
    await createSandbox({ store, clock: await clockFor(config, store), log }).seedDemo()
  } finally {
    await store.close()
  }
  if (config.sandboxHttpsPort !== undefined) await loadOrCreateCertificate(config.dataDir)
  let stopping = false
  const fork = () => cluster.fork(env)
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    log.error('worker died; starting another', { pid: worker.process.pid, code, signal })
    fork()
  })
  for (let i = 0; i < workers; i++) fork()
  log.info('workers started', { workers, port: config.port, hosts: hostPolicyOf(config).described })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const all = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    let left = all.length
    if (left === 0) process.exit(0)
    for (const worker of all) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0)
      })
      worker.process.kill(signal)
    }
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  return undefined
}

/** Runs `start`, printing an operator's refusal as one line. */
export function startOrExit(env: NodeJS.ProcessEnv = process.env) {
  return start(env).catch((error: unknown) => {
    if (error instanceof OperatorError) console.error(`PayLab cannot start: ${error.message}`)
    else console.error(error)
    process.exit(1)
  })
}

if (import.meta.url === `file://${process.argv[1]}`) void startOrExit()
