// `npm run dev`: the one server with Vite's dev server inside it (middleware mode) instead of the built portal. An edit to
// a component reaches the open page through hot module replacement (React Fast Refresh) without a build; pages are
// still rendered on the server, by the current sources (Vite's `ssrLoadModule`), and hydrated. `npm start` stays the
// production path (scripts/start.ts). Differences from production: no page cache, no Content-Security-Policy on pages
// (Vite's client injects inline styles and scripts), styles arrive with the JavaScript, and no HTTPS listener.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { parseArgs } from 'node:util'
import { getRequestListener } from '@hono/node-server'
import { createServer as createViteServer } from 'vite'
import type { Manifest } from '@tanstack/router-core'
import type { ServerRenderer } from '../src/domain/server-render.ts'
import { createAnalyticsSink } from '../src/server/analytics.ts'
import { createApp } from '../src/server/app.ts'
import { appDeps } from '../src/server/deps.ts'
import { createClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import { createLogger } from '../src/server/logger.ts'
import { webhookDispatcher } from '../src/server/modules/sandbox/webhooks/webhooks.ts'
import { openStore } from '../src/server/store/db.ts'
import { isApiPath, routerManifest } from '../src/server/web.ts'

/** Starts the dev server; resolves once it listens. */
export async function startDevServer(env: NodeJS.ProcessEnv = process.env) {
  // the app serves no built portal (WEB_DIST points nowhere): Vite serves the sources and the pages are rendered here
  const config = loadConfig({ ...env, WEB_DIST: '.dev/no-build' })
  const log = createLogger(config.logLevel)
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir })
  const deps = appDeps({ config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
  await deps.sandbox.ready()
  const app = createApp(deps)
  const api = getRequestListener(app.fetch)

  const server = createServer()
  const vite = await createViteServer({
    appType: 'custom',
    // the HMR WebSocket shares the server's port
    server: { middlewareMode: true, hmr: { server } },
  })
  const manifest: Manifest = routerManifest()

  async function renderPage(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `localhost:${config.port}`}`)
    const { render } = (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as ServerRenderer<Manifest>
    const result = await render({
      url: `${url.pathname}${url.search}`,
      origin: url.origin,
      hostname: url.hostname,
      cookie: req.headers.cookie ?? null,
      nonce: randomBytes(16).toString('base64'),
      manifest,
      fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
    })
    if (result.kind === 'redirect') {
      res.writeHead(result.status, { Location: result.location }).end()
      return
    }
    // Vite's client and React Fast Refresh's preamble go into the head; the entry hydrates the page
    const html = (await vite.transformIndexHtml(url.pathname, result.html)).replace(
      '</body>',
      '<script type="module" src="/src/web/main.tsx" data-paylab-entry></script></body>',
    )
    res
      .writeHead(result.status, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Language': result.lang, 'Cache-Control': 'no-store' })
      .end(req.method === 'HEAD' ? undefined : html)
  }

  const isPage = (req: IncomingMessage) => {
    const path = (req.url ?? '/').split('?')[0]!
    return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path) && !path.startsWith('/.') && !/\.[a-z0-9]+$/i.test(path)
  }

  server.on('request', (req, res) => {
    // Vite first (sources, /@vite/client, public/), then pages, then the API, the sandbox and the wallet
    vite.middlewares(req, res, () => {
      if (!isPage(req)) return void api(req, res)
      renderPage(req, res).catch((error: unknown) => {
        if (error instanceof Error) vite.ssrFixStacktrace(error)
        log.error('dev render failed', { path: req.url, error: error instanceof Error ? error.stack : String(error) })
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8' })
        res.end(error instanceof Error ? error.stack : String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve))
  const bound = server.address()
  if (bound && typeof bound === 'object') config.port = bound.port
  log.info('listening (dev: Vite with hot reload)', { url: `http://localhost:${config.port}/`, store: store.kind })

  const webhooks = webhookDispatcher(deps)
  webhooks.start()
  let closing = false
  const shutdown = async () => {
    if (closing) return
    closing = true
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), vite.close(), webhooks.stop()])
    await store.close()
  }
  return { server, port: config.port, shutdown }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run dev -- --port 3100` (or PORT=3100)
  const { values } = parseArgs({ options: { port: { type: 'string' } } })
  const dev = await startDevServer({ ...process.env, ...(values.port ? { PORT: values.port } : {}) })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void dev.shutdown().then(() => process.exit(0))
    })
}
