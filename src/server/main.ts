import { serve } from '@hono/node-server'
import { createAnalyticsSink } from './analytics.ts'
import { createApp } from './app.ts'
import { appDeps } from './deps.ts'
import { createClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { startHttpsListener } from './sandbox/https.ts'
import { openStore } from './store/db.ts'
import { webhookDispatcher } from './sandbox/webhooks.ts'

/** Starts the one server: applies migrations, listens, and shuts down gracefully on SIGINT/SIGTERM. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env)
  const log = createLogger(config.logLevel)
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir })
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
  log.info('listening', { url: `http://localhost:${config.port}/`, store: store.kind })
  // The provider's SDKs only speak HTTPS: the same app, with a self-signed certificate kept in DATA_DIR.
  const https =
    config.sandboxHttpsPort === undefined
      ? undefined
      : await startHttpsListener(app.fetch, { port: config.sandboxHttpsPort, host: config.host, dataDir: config.dataDir })
  if (https) log.info('listening (https)', { url: `https://localhost:${https.port}/`, certificate: https.certificate.certPath })

  // Sandbox webhooks (docs/webhooks.md): every process posts due deliveries once a second (a claim gives each attempt to one).
  const webhooks = webhookDispatcher(deps)
  webhooks.start()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info('shutting down', { signal })
    // Stop accepting, let in-flight requests finish, then close the store.
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), https?.close(), webhooks.stop()])
    await store.close()
    log.info('stopped')
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return { server, https, deps, shutdown }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
