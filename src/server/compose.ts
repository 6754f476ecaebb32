import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createAnalyticsSink } from './analytics.ts'
import { createApp } from './app.ts'
import { createClock, frozenInstantMs } from './clock.ts'
import { loadConfig, type Config } from './config.ts'
import { appDeps, type AppDeps } from './deps.ts'
import { hostPolicyOf } from './http/known-hosts.ts'
import { createLogger, type Logger } from './logger.ts'
import { startHttpsListener } from './modules/sandbox/https.ts'
import { requestRecorder } from './modules/sandbox/request-log/request-log.ts'
import { followMerchantClocks } from './modules/sandbox/state/merchant-clock.ts'
import { webhookDispatcher } from './modules/sandbox/webhooks/webhooks.ts'
import { openStore, pgliteTemplateFile, type Store } from './store/db.ts'
import { seedSandboxIds } from './store/sandbox-ids.ts'
import { siteRepo } from './store/site-repo.ts'

/**
 * The one composition root (issue 29) of `npm start` (main.ts) and `npm run dev` (scripts/dev.ts): the store, the
 * clock, the app's dependencies, the app, its listeners (HTTP, and HTTPS when SANDBOX_HTTPS_PORT is set), the
 * background tasks (webhook deliveries, clock moves of other processes) and the graceful stop (listeners first, then
 * the background tasks, the request log's buffered entries, the store). The dev server adds only what sits in front
 * of the app on the HTTP listener (Vite's middleware and hot reload): `front`.
 */

/** What sits in front of the app on the HTTP listener: it answers a request or hands it to the app (`next`). */
export interface Front {
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void
  close(): Promise<void>
}

export interface FrontContext {
  /** The HTTP server, not yet listening (Vite's hot reload shares its port). */
  server: Server
  app: ReturnType<typeof createApp>
  deps: AppDeps
  config: Config
  log: Logger
}

export interface ComposeOptions {
  /** Apply migrations on open (default true; WORKERS' forked processes leave them to the primary). */
  migrate?: boolean
  /** Built once the app exists, before the server listens. */
  front?: (context: FrontContext) => Promise<Front>
  /** The listening log line's message. */
  listeningMessage?: string
}

export interface RunningServer {
  server: Server
  https: Awaited<ReturnType<typeof startHttpsListener>> | undefined
  deps: AppDeps
  app: ReturnType<typeof createApp>
  /** The port actually bound (PORT=0 lets the system choose). */
  port: number
  /** The graceful stop; resolves once the store is closed (the process is left running). */
  close(): Promise<void>
}

export async function composeServer(env: NodeJS.ProcessEnv = process.env, options: ComposeOptions = {}): Promise<RunningServer> {
  const config = loadConfig(env)
  const log = createLogger(config.logLevel)
  const store = await openStore(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, migrate: options.migrate }
      : // a new DATA_DIR starts from the migrated store the build made (scripts/build-server.ts), when there is one
        { dataDir: config.dataDir, template: pgliteTemplateFile },
  )
  const deps = appDeps({ config, store, clock: await clockFor(config, store), log, analytics: createAnalyticsSink(log) })
  const app = createApp(deps)
  // the demo merchant and the merchants' moved clocks, before the first request: /healthz answers once the server
  // can serve, since it listens only then (a failed seed is logged, not fatal)
  await deps.sandbox.ready()

  const server = createServer()
  const api = getRequestListener(app.fetch, { hostname: config.host })
  const front = options.front ? await options.front({ server, app, deps, config, log }) : undefined
  server.on('request', front ? (req: IncomingMessage, res: ServerResponse) => front.handle(req, res, () => void api(req, res)) : api)
  // Node closes an idle kept-alive connection after 5 s; a client that sends its next request on it at that moment gets
  // ECONNRESET. Clients (browsers, SDKs, proxies) keep connections longer than that, so the server keeps them longer
  // still (the usual 65 s), and close() on shutdown still drops the idle ones at once.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // PORT=0 lets the system choose: mail links (config.ts `mailOrigin`) must name the port actually bound
  const bound = server.address()
  if (bound && typeof bound === 'object') config.port = bound.port
  // the hosts a request may name (http/known-hosts.ts); any other Host is refused with 421 (DNS rebinding)
  log.info(options.listeningMessage ?? 'listening', { url: `http://localhost:${config.port}/`, store: store.kind, hosts: hostPolicyOf(config).described })
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
  // …and watch the sandbox's machines (issue 30): this process hears whom the others' inspectors watch, and their steps
  await deps.sandbox.feed.start().catch((error: unknown) => log.warn('not hearing the inspector feed of other processes', { error: String(error) }))

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let in-flight requests finish, then close the store.
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        https?.close(),
        front?.close(),
        webhooks.stop(),
        stopFollowing(),
        deps.sandbox.feed.stop(),
      ])
      // the request log's buffered entries are written before the store closes (they were lost on every stop)
      await requestRecorder(deps).settled()
      await store.close()
    })())
  return { server, https, deps, app, port: config.port, close }
}

/**
 * The process's clock: real time, or with SANDBOX_SEED frozen at `frozenInstantMs` with the sandbox's ids seeded
 * (store/sandbox-ids.ts; docs/sandbox-state.md "Golden files").
 */
export async function clockFor(config: Config, store: Store) {
  if (config.sandboxSeed === undefined) return createClock()
  seedSandboxIds(config.sandboxSeed, await siteRepo(store.db).nextSeededRun())
  return createClock(undefined, { frozenAtMs: frozenInstantMs })
}
