import cluster from 'node:cluster'
import { serve } from '@hono/node-server'
import { createAnalyticsSink } from './analytics.ts'
import { createApp } from './app.ts'
import { appDeps } from './deps.ts'
import { createClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { hostPolicyOf } from './http/known-hosts.ts'
import { loadOrCreateCertificate, startHttpsListener } from './modules/sandbox/https.ts'
import { followMerchantClocks } from './modules/sandbox/state/merchant-clock.ts'
import { requestRecorder } from './modules/sandbox/request-log/request-log.ts'
import { createSandbox } from './modules/sandbox/engine/index.ts'
import { openStore } from './store/db.ts'
import { webhookDispatcher } from './modules/sandbox/webhooks/webhooks.ts'

/** Starts the one server: applies migrations, listens, and shuts down gracefully on SIGINT/SIGTERM. */
export async function startServer(env: NodeJS.ProcessEnv = process.env, options: { migrate?: boolean } = {}) {
  const config = loadConfig(env)
  const log = createLogger(config.logLevel)
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl, migrate: options.migrate } : { dataDir: config.dataDir })
  const deps = appDeps({ config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
  const app = createApp(deps)
  // the demo merchant and the merchants' moved clocks, before the first request (a failure is logged, not fatal)
  await deps.sandbox.ready()
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  // Node closes an idle kept-alive connection after 5 s; a client that sends its next request on it at that moment gets
  // ECONNRESET. Clients (browsers, SDKs, proxies) keep connections longer than that, so the server keeps them longer
  // still (the usual 65 s), and close() on shutdown still drops the idle ones at once.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }
  // PORT=0 lets the system choose: mail links (config.ts `mailOrigin`) must name the port actually bound
  const bound = server.address()
  if (bound && typeof bound === 'object') config.port = bound.port
  // the hosts a request may name (http/known-hosts.ts); any other Host is refused with 421 (DNS rebinding)
  log.info('listening', { url: `http://localhost:${config.port}/`, store: store.kind, hosts: hostPolicyOf(config).described })
  // The provider's SDKs only speak HTTPS: the same app, with a self-signed certificate kept in DATA_DIR.
  const https =
    config.sandboxHttpsPort === undefined
      ? undefined
      : await startHttpsListener(app.fetch, { port: config.sandboxHttpsPort, host: config.host, dataDir: config.dataDir })
  // SANDBOX_HTTPS_PORT=0 lets the system choose: the portal's own origins (known-hosts.ts) name the port actually bound
  if (https) config.sandboxHttpsPort = https.port
  if (https) log.info('listening (https)', { url: `https://localhost:${https.port}/`, certificate: https.certificate.certPath })

  // Sandbox webhooks (docs/webhooks.md): every process posts due deliveries once a second (a claim gives each attempt to one).
  const webhooks = webhookDispatcher(deps)
  webhooks.start()
  // other processes on the same PostgreSQL (WORKERS, several machines) move merchant clocks too
  const stopFollowing = await followMerchantClocks(deps).catch((error: unknown) => {
    log.warn('not following clock moves of other processes', { error: String(error) })
    return async () => {}
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info('shutting down', { signal })
    // Stop accepting, let in-flight requests finish, then close the store.
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), https?.close(), webhooks.stop(), stopFollowing()])
    // the request log's buffered entries are written before the store closes (they were lost on every stop)
    await requestRecorder(deps).settled()
    await store.close()
    log.info('stopped')
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return { server, https, deps, shutdown }
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
    await createSandbox({ store, clock: createClock(), log }).seedDemo()
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
