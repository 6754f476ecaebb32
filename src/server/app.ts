import { compress } from 'hono/compress'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { ApiError } from '@/domain/errors.ts'
import { appDeps, type AppDeps, type AppDepsInput } from './deps.ts'
import { answerError, answerNotFound } from './http/errors.ts'
import { hostPolicyOf, knownHostsOnly } from './http/known-hosts.ts'
import { byPrefix } from './http/prefixes.ts'
import { openApiDocument, openApiRoutes } from './http/openapi.ts'
import { rejectEncodedControlCharacters } from './http/validator.ts'
import { accountsRoutes } from './modules/accounts/routes.ts'
import { contentModule } from './modules/content/index.ts'
import { dashboardRoutes } from './modules/dashboard/routes.ts'
import { dashboardHomeRoutes } from './modules/dashboard/home.ts'
import { settingsRoutes } from './modules/dashboard/settings.ts'
import { demoApiRoutes } from './modules/demo/lab-api.ts'
import { demosRoutes } from './modules/demo/demos.ts'
import { devtoolsModule } from './modules/sandbox/devtools/index.ts'
import { labsRoutes } from './modules/labs/routes.ts'
import { sandboxModule } from './modules/sandbox/index.ts'
import { merchantProfileRoutes } from './modules/accounts/merchant-profile.ts'
import { miniappRequestRoutes } from './modules/miniapp-requests/routes.ts'
import { isMiniAppUploadPath, miniAppModule } from './modules/miniapp/index.ts'
import { mcpRoutes } from './modules/sandbox/commands/mcp-routes.ts'
import { signupLinkRoutes } from './modules/accounts/signup-link.ts'
import { portalWrites } from './http/portal-writes.ts'
import { securityHeaders } from './security-headers.ts'
import { newRequestId } from './store/sandbox-ids.ts'
import { serveWeb } from './web.ts'
import type { AppEnv } from './http/app-env.ts'

export const maxJsonBodyBytes = 1024 * 1024

/**
 * The whole server as one Hono app. Building it has no side effect: the sandbox (created with the deps, see
 * `appDeps`) seeds the demo merchant when its owner asks (`deps.sandbox.ready()`, startServer) or on the first
 * OPA request.
 */
export function createApp(base: AppDepsInput) {
  const deps: AppDeps = appDeps(base)
  const app = new Hono<AppEnv>()
  const { log } = deps

  app.use(requestId({ headerName: 'X-REQUEST-ID', generator: newRequestId }))
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
  // known hosts only, before anything reads the request: a rebound name (DNS rebinding) reaches nothing (421;
  // issue 33, http/known-hosts.ts). The HTTPS listener and every WORKERS process serve this same app.
  app.use(knownHostsOnly(hostPolicyOf(deps.config)))
  const jsonBodyLimit = bodyLimit({
    maxSize: maxJsonBodyBytes,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE')
    },
  })
  // a mini app's upload (≤ 5 MB of files, base64) has its own limit in its module (modules/miniapp); a GET or HEAD
  // has no body (the limit would build the whole Request object to see so: issue 22, the signed GET's hot path).
  // A body with a Content-Length (and no Transfer-Encoding) is judged by that header, as `bodyLimit` itself does,
  // without asking for `raw.body`: on @hono/node-server that builds a web Request and a stream around the socket,
  // where `c.req.text()` otherwise reads the body straight into one buffer (issue 22, the signed POST's hot path).
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isMiniAppUploadPath(c.req.path)) return next()
    const length = c.req.header('content-length')
    if (length === undefined || !/^\d{1,15}$/.test(length) || c.req.header('transfer-encoding') !== undefined) return jsonBodyLimit(c, next)
    if (Number(length) > maxJsonBodyBytes) throw new ApiError('PAYLOAD_TOO_LARGE')
    return next()
  })

  app.use(rejectEncodedControlCharacters)
  // state-changing portal calls: the portal's own origin and content type only (issue 20; http/portal-writes.ts)
  app.use(portalWrites(hostPolicyOf(deps.config)))

  // Content answers are large (a product page with highlighted code is ~60 KB of JSON, ~8 KB gzip) and sit on the
  // critical path of every docs page: /dev (its router below) and /openapi.json are compressed; sandbox answers
  // stay small and are left as they are.
  app.use('/openapi.json', compress())

  app.get('/healthz', async (c) => {
    const store = await deps.store.health()
    return c.json({ status: store.ok ? 'ok' : 'degraded', store: { kind: deps.store.kind, ...store } }, store.ok ? 200 : 503)
  })

  // ── the modules, each at the URL prefixes it owns (docs/architecture.md: which file serves which URL) ────────
  // byPrefix mounts each router once and refuses a prefix claimed twice (or one inside another) at start.
  const sandbox = sandboxModule(deps)
  const content = contentModule(deps)
  const accounts = accountsRoutes(deps)
  const dashboard = dashboardRoutes(deps)
  const dashboardHome = dashboardHomeRoutes(deps)
  const settings = settingsRoutes(deps)
  const labs = labsRoutes(deps)
  // in-process calls go to the sandbox app alone, never back through this app
  const labApi = demoApiRoutes(deps, sandbox.dispatch)
  const demos = demosRoutes(deps, sandbox.dispatch)
  const devtools = devtoolsModule(deps, sandbox.dispatch)
  const merchantProfile = merchantProfileRoutes(deps)
  const signupLink = signupLinkRoutes(deps)
  const miniappRequests = miniappRequestRoutes(deps)
  const miniapp = miniAppModule(deps)

  // /dev is shared by several areas: one router composing their sub-prefixes (/dev/config, /dev/v1/sandbox …)
  const devV1 = byPrefix(new Hono(), labs.devV1, settings.devV1, devtools.devV1, merchantProfile.devV1, signupLink.devV1, miniappRequests.devV1, miniapp.devV1)
  const dev = byPrefix(new Hono().use(compress()), content.dev, labs.dev, dashboard.dev, { '/v1': devV1 })
  const v1 = byPrefix(new Hono(), accounts.v1, dashboard.v1, dashboardHome.v1, demos.v1, labApi.v1, sandbox.v1)
  const v2 = byPrefix(new Hono(), labApi.v2, sandbox.v2, miniapp.v2)

  byPrefix(app, {
    // the app's own description, generated from its routes (http/openapi.ts)
    '/openapi.json': openApiRoutes(app, new Hono()),
    '/dev': dev,
    '/v1': v1,
    '/v2': v2,
    '/sandbox': sandbox.sandbox,
    ...miniapp.run,
    // the MCP server of the sandbox commands (issue 23; modules/sandbox/commands)
    '/mcp': mcpRoutes(deps, () => openApiDocument(app)),
    ...demos.page,
  })

  app.onError(answerError(log))

  serveWeb(app, deps)

  app.notFound(answerNotFound)
  return app
}
