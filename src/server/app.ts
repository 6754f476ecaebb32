import { compress } from 'hono/compress'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { ApiError } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'
import type { AppDeps } from './deps.ts'
import { accountsRoutes } from './portal/accounts.ts'
import { contentRoutes } from './portal/content.ts'
import { dashboardRoutes } from './portal/dashboard.ts'
import { demoApiRoutes } from './portal/demo-api.ts'
import { demosRoutes } from './portal/demos.ts'
import { labsRoutes } from './portal/labs.ts'
import { settingsRoutes } from './portal/settings.ts'
import { merchantProfileRoutes } from './modules/merchant-profile/routes.ts'
import { signupLinkRoutes } from './modules/signup-link/routes.ts'
import { miniappRequestRoutes } from './modules/miniapp-requests/routes.ts'
import { sandboxPowersRoutes } from './portal/sandbox-powers.ts'
import { sandboxWebhookRoutes } from './portal/sandbox-webhooks.ts'
import { docsRoutes } from './portal/docs.ts'
import { siteRoutes } from './portal/site.ts'
import { sandboxRoutes } from './sandbox/opa.ts'
import { portalWrites } from './http/portal-writes.ts'
import { securityHeaders } from './security-headers.ts'
import { rejectEncodedControlCharacters } from './validate.ts'
import { walletRoutes } from './sandbox/wallet.ts'
import { serveWeb } from './web.ts'

export type AppEnv = { Variables: { requestId: string } }

export const maxJsonBodyBytes = 1024 * 1024

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const { log } = deps

  app.use(requestId({ headerName: 'X-REQUEST-ID' }))
  app.use(securityHeaders(deps.config))
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use(
    '*',
    bodyLimit({
      maxSize: maxJsonBodyBytes,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE')
      },
    }),
  )

  app.use(rejectEncodedControlCharacters)
  // state-changing portal calls: the portal's own origin and content type only (issue 20; http/portal-writes.ts)
  app.use(portalWrites(deps.config))

  // Content answers are large (a product page with highlighted code is ~60 KB of JSON, ~8 KB gzip) and sit on the
  // critical path of every docs page; sandbox answers stay small and are left as they are.
  app.use('/dev/*', compress())
  app.use('/openapi.json', compress())

  app.get('/healthz', async (c) => {
    const store = await deps.store.health()
    return c.json({ status: store.ok ? 'ok' : 'degraded', store: { kind: deps.store.kind, ...store } }, store.ok ? 200 : 503)
  })

  app.route('/', contentRoutes(deps))
  app.route('/', accountsRoutes(deps))
  app.route('/', docsRoutes(deps))
  app.route('/', siteRoutes(deps))
  app.route('/', dashboardRoutes(deps))
  app.route('/', settingsRoutes(deps))
  app.route('/', merchantProfileRoutes(deps))
  app.route('/', signupLinkRoutes(deps))
  app.route('/', miniappRequestRoutes(deps))
  app.route('/', labsRoutes(deps))
  app.route('/', demoApiRoutes(deps, (request) => app.fetch(request)))
  app.route('/', demosRoutes(deps, (request) => app.fetch(request)))
  app.route('/', sandboxPowersRoutes(deps, (request) => app.fetch(request)))
  app.route('/', sandboxWebhookRoutes(deps))
  app.route('/', sandboxRoutes(deps))
  app.route('/', walletRoutes(deps))

  app.onError((error, c) => {
    const lang = pickLang(c.req.header('accept-language'))
    const rid = c.get('requestId')
    if (error instanceof ApiError) {
      if (error.status >= 500) log.error('api error', { requestId: rid, code: error.code, stack: error.stack })
      return c.json({ resultInfo: error.resultInfo(lang), data: error.data }, error.status as 400)
    }
    if (error instanceof HTTPException && error.status < 500) {
      const shaped = new ApiError(error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_PARAMS', { status: error.status })
      return c.json({ resultInfo: shaped.resultInfo(lang), data: null }, error.status)
    }
    // The client went away (closed the tab, timed out) while we read its body or worked: nobody is left to
    // answer, and it is not a fault of the server.
    if (c.req.raw.signal.aborted || (error as Error).name === 'AbortError') {
      log.info('request aborted', { requestId: rid, method: c.req.method, path: c.req.path })
      return new Response(null, { status: 499 })
    }
    log.error('unhandled error', { requestId: rid, error: String(error), stack: (error as Error).stack })
    const internal = new ApiError('INTERNAL_SERVER_ERROR')
    return c.json({ resultInfo: internal.resultInfo(lang), data: { requestId: rid } }, 500)
  })

  serveWeb(app, deps)

  app.notFound((c) => {
    const lang = pickLang(c.req.header('accept-language'))
    return c.json({ resultInfo: new ApiError('RESOURCE_NOT_FOUND').resultInfo(lang), data: null }, 404)
  })
  return app
}
