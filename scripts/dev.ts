// `npm run dev`: the one server with Vite's dev server inside it (middleware mode) instead of the built portal. An edit to
// a component reaches the open page through hot module replacement (React Fast Refresh) without a build; pages are
// still rendered on the server, by the current sources (Vite's `ssrLoadModule`), and hydrated. `npm start` stays the
// production path (scripts/start.ts). Differences from production: no page cache, no Content-Security-Policy on pages
// (Vite's client injects inline styles and scripts) and styles arrive with the JavaScript. Everything else (store,
// HTTPS with SANDBOX_HTTPS_PORT, webhook deliveries, clock moves of other processes, the graceful stop that writes the
// request log's buffered entries) is src/server/compose.ts, as for `npm start`.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseArgs } from 'node:util'
import { createServer as createViteServer } from 'vite'
import type { Manifest } from '@tanstack/router-core'
import type { ServerRenderer } from '../src/domain/server-render.ts'
import { composeServer, type Front, type FrontContext } from '../src/server/compose.ts'
import { isApiPath, routerManifest } from '../src/server/web.ts'

/** Vite in front of the app: sources, /@vite/client and public/ first, then pages rendered from the sources, then the app. */
async function viteFront({ server, app, config, log }: FrontContext): Promise<Front> {
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

  return {
    handle(req, res, next) {
      vite.middlewares(req, res, () => {
        if (!isPage(req)) return next()
        renderPage(req, res).catch((error: unknown) => {
          if (error instanceof Error) vite.ssrFixStacktrace(error)
          log.error('dev render failed', { path: req.url, error: error instanceof Error ? error.stack : String(error) })
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8' })
          res.end(error instanceof Error ? error.stack : String(error))
        })
      })
    },
    close: () => vite.close(),
  }
}

/** Starts the dev server (the one server of src/server/compose.ts with Vite in front); resolves once it listens. */
export async function startDevServer(env: NodeJS.ProcessEnv = process.env) {
  // the app serves no built portal (WEB_DIST points nowhere): Vite serves the sources and the pages are rendered here
  const running = await composeServer({ ...env, WEB_DIST: '.dev/no-build' }, { front: viteFront, listeningMessage: 'listening (dev: Vite with hot reload)' })
  return { server: running.server, port: running.port, shutdown: running.close }
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
