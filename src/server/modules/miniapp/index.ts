import { fileURLToPath } from 'node:url'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import { eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'
import {
  appParamsSchema,
  eventsQuerySchema,
  exampleAppId,
  miniAppLimits,
  payBodySchema,
  proxyBodySchema,
  topupBodySchema,
  uaidBodySchema,
  uploadSchema,
} from '@/domain/miniapp-runtime.ts'
import type { AppDeps } from '../../deps.ts'
import { success } from '../../http/answer.ts'
import { optionalUser } from '../../http/bearer.ts'
import { merchantFor } from '../../http/merchant-context.ts'
import { jsonIn, paramsIn, queryIn } from '../../http/validator.ts'
import { accountRepo } from '../../store/account-repo.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { miniApps } from '../../store/tables/miniapp.ts'
import { clientKeyOf } from '../../client.ts'
import { randomSecret, safeEqual, sha256 } from '../accounts/crypto.ts'
import { demoMerchant } from '../sandbox/engine/seed.ts'
import { appEventHub } from './app-events.ts'
import { decodeStored, decodeUpload, encodeFiles, readFolder, readManifest, totalBytes, type StoredApp } from './files.ts'
import { miniAppSigner } from './jws.ts'
import { miniAppMoney } from './money.ts'
import { proxyRequest, type ProxyDeps, defaultProxyDeps } from './proxy.ts'
import { reportOf } from './report.ts'
import { runRoutes } from './serve.ts'
import { docs } from './openapi.ts'
import { describe } from '../../http/openapi.ts'

/** The example app's folder (written by the validator part of issue 21); read-only, served as app `example`. */
export const exampleAppFolder = fileURLToPath(new URL('../../../content/miniapps/cake-shop/', import.meta.url))

/** The largest upload body: 5 MB of files in base64 plus their paths. */
export const maxUploadBodyBytes = Math.ceil((miniAppLimits.maxTotalBytes * 4) / 3) + 64 * 1024

/** The paths whose body may exceed the app's 1 MB JSON limit (app.ts lets them through to this module's own limit). */
export const isMiniAppUploadPath = (path: string) => /^\/dev\/v1\/miniapp\/apps(\/[^/]+)?$/.test(path)

export interface MiniAppModuleOptions {
  /** The example app's folder (tests point it at a fixture). */
  exampleFolder?: string
  /** The request proxy's network (tests give a fake). */
  proxy?: ProxyDeps
}

/**
 * The mini-app studio's server (issue 21; docs/miniapp-studio.md): apps uploaded
 * and served to the studio's sandboxed frame, change events, the wallet's money and identity over the sandbox
 * engine, the JWS key, the request proxy. Its routers:
 *
 *   /dev/v1/miniapp      apps (upload, replace, read, events), pay, topup, uaid, users, request     (devV1)
 *   /miniapp-run         the apps' files with the sandbox CSP, the pp client injected (serve.ts)   (run)
 *   /v2/miniapp          publicKey: the sandbox's JWS public key by kid                            (v2)
 */
export function miniAppModule(deps: AppDeps, options: MiniAppModuleOptions = {}) {
  const db = deps.store.db
  const signer = miniAppSigner(deps)
  const money = miniAppMoney(deps, signer)
  const exampleFolder = options.exampleFolder ?? exampleAppFolder
  const proxyDeps = options.proxy ?? defaultProxyDeps
  const events = appEventHub((appIds) => db.select({ id: miniApps.id, version: miniApps.version }).from(miniApps).where(inArray(miniApps.id, appIds)), deps.log)

  async function loadApp(appId: string): Promise<StoredApp> {
    if (appId === exampleAppId) {
      const files = await readFolder(exampleFolder).catch((error: unknown) => {
        if (error instanceof ApiError) throw error
        throw new ApiError('MINIAPP_NOT_FOUND')
      })
      if (files.size === 0) throw new ApiError('MINIAPP_NOT_FOUND')
      return { appId, files, manifest: readManifest(files), version: 1 }
    }
    const [row] = await db.select().from(miniApps).where(eq(miniApps.id, appId)).limit(1)
    if (!row) throw new ApiError('MINIAPP_NOT_FOUND')
    const files = decodeStored(row.files)
    return { appId, files, manifest: readManifest(files), version: row.version }
  }

  const appView = async (c: Context, app: StoredApp) => {
    const report = await reportOf(app.files, pickLang(c.req.header('accept-language')))
    return { appId: app.appId, version: app.version, manifest: app.manifest ?? null, report, files: [...app.files.keys()].sort() }
  }

  /** The merchant the portal acts for: the signed-in developer's test merchant, else the demo merchant. */
  async function merchantOf(c: Context) {
    const auth = await optionalUser(deps, c)
    if (!auth) {
      await deps.sandbox.ready()
      return demoMerchant.id
    }
    return (await merchantFor(deps, c, auth.user)).id
  }

  // ── apps ───────────────────────────────────────────────────────────────────────────────────────────────
  const apps = new Hono()
  const uploadLimit = bodyLimit({
    maxSize: maxUploadBodyBytes,
    onError: () => {
      throw new ApiError('MINIAPP_TOO_LARGE')
    },
  })

  apps.post('/', describe(docs.upload), uploadLimit, jsonIn(uploadSchema), async (c) => {
    const files = decodeUpload(c.req.valid('json').files)
    const rules = { max: miniAppLimits.uploadsPerClient, windowMs: miniAppLimits.uploadWindowMs, lockMs: miniAppLimits.uploadWindowMs }
    const taken = await accountRepo(db).takeAttempt('miniappUpload', clientKeyOf(c), deps.clock.now(), rules)
    if (taken.attempts > rules.max) {
      const until = taken.lockedUntil?.getTime() ?? deps.clock.nowMs() + rules.windowMs
      throw new ApiError('RATE_LIMIT', { data: { retry_after_seconds: Math.max(1, Math.ceil((until - deps.clock.nowMs()) / 1000)) } })
    }
    const auth = await optionalUser(deps, c)
    const appId = `ma_${randomSecret(15)}`
    const editToken = randomSecret(24)
    const now = deps.clock.now()
    await db.insert(miniApps).values({
      id: appId,
      editTokenHash: sha256(editToken),
      files: encodeFiles(files),
      totalBytes: totalBytes(files),
      ownerUserId: auth?.user.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    c.status(201)
    return success(c, { ...(await appView(c, await loadApp(appId))), editToken })
  })

  apps.put('/:appId', describe(docs.replace), uploadLimit, paramsIn(appParamsSchema), jsonIn(uploadSchema), async (c) => {
    const { appId } = c.req.valid('param')
    if (appId === exampleAppId) throw new ApiError('MINIAPP_READ_ONLY')
    const files = decodeUpload(c.req.valid('json').files)
    const [row] = await db.select({ hash: miniApps.editTokenHash }).from(miniApps).where(eq(miniApps.id, appId)).limit(1)
    if (!row) throw new ApiError('MINIAPP_NOT_FOUND')
    const token = c.req.header('x-miniapp-edit-token') ?? ''
    if (!safeEqual(sha256(token), row.hash)) throw new ApiError('MINIAPP_EDIT_REFUSED')
    const [updated] = await db
      .update(miniApps)
      .set({ files: encodeFiles(files), totalBytes: totalBytes(files), version: sql`${miniApps.version} + 1`, updatedAt: deps.clock.now() })
      .where(eq(miniApps.id, appId))
      .returning({ version: miniApps.version })
    events.notify(appId, updated!.version)
    return success(c, await appView(c, await loadApp(appId)))
  })

  apps.get('/:appId', describe(docs.get), paramsIn(appParamsSchema), async (c) => success(c, await appView(c, await loadApp(c.req.valid('param').appId))))

  // Server-Sent Events: `event: changed` (data: the new version) whenever the app's files change, for the holder of
  // the app's edit token (`?token=`: an EventSource sends no headers; or the X-MiniApp-Edit-Token header).
  // Replacements made by this process are told at once; the store's versions of all watched apps are read together
  // every 2 s (another process behind the same load balancer may have taken the upload): app-events.ts.
  apps.get('/:appId/events', describe(docs.events), paramsIn(appParamsSchema), queryIn(eventsQuerySchema), async (c) => {
    const { appId } = c.req.valid('param')
    if (appId === exampleAppId) throw new ApiError('MINIAPP_READ_ONLY')
    const [row] = await db.select({ version: miniApps.version, hash: miniApps.editTokenHash }).from(miniApps).where(eq(miniApps.id, appId)).limit(1)
    if (!row) throw new ApiError('MINIAPP_NOT_FOUND')
    const token = c.req.valid('query').token ?? c.req.header('x-miniapp-edit-token') ?? ''
    if (!safeEqual(sha256(token), row.hash)) throw new ApiError('MINIAPP_EDIT_REFUSED')
    let version = row.version
    let stream: SSEStreamingApi | undefined
    let wake: (() => void) | undefined
    const close = events.open(clientKeyOf(c), appId, (next) => {
      if (next <= version) return
      version = next
      void stream?.writeSSE({ event: 'changed', data: JSON.stringify({ appId, version: next }) })
    })
    if (!close) throw new ApiError('RATE_LIMIT', { data: { retry_after_seconds: miniAppLimits.eventStreamRetrySeconds } })
    c.header('Cache-Control', 'no-store')
    return streamSSE(c, async (opened) => {
      stream = opened
      let open = true
      let ends: ReturnType<typeof setTimeout> | undefined
      opened.onAbort(() => {
        open = false
        wake?.()
      })
      try {
        await opened.writeSSE({ event: 'ready', data: JSON.stringify({ appId, version }) })
        if (open)
          await new Promise<void>((resolve) => {
            wake = resolve
            ends = setTimeout(resolve, miniAppLimits.eventStreamMs)
          })
      } finally {
        clearTimeout(ends)
        close()
      }
    })
  })

  // ── the wallet's money and identity ───────────────────────────────────────────────────────────────────
  const wallet = new Hono()
  wallet.post('/pay', describe(docs.pay), jsonIn(payBodySchema), async (c) => {
    const body = c.req.valid('json')
    await loadApp(body.appId)
    return success(c, await money.pay(await merchantOf(c), body))
  })
  wallet.post('/topup', describe(docs.topup), jsonIn(topupBodySchema), async (c) => {
    const body = c.req.valid('json')
    await loadApp(body.appId)
    return success(c, await money.topup(await merchantOf(c), body))
  })
  wallet.post('/uaid', describe(docs.uaid), jsonIn(uaidBodySchema), async (c) => {
    const body = c.req.valid('json')
    await loadApp(body.appId)
    return success(c, await money.uaid(await merchantOf(c), body))
  })
  wallet.get('/users', describe(docs.users), async (c) => success(c, { users: await money.users(await merchantOf(c)) }))
  wallet.post('/request', describe(docs.request), jsonIn(proxyBodySchema), async (c) => {
    const body = c.req.valid('json')
    const app = await loadApp(body.appId)
    return success(c, await proxyRequest(app, body, proxyDeps))
  })

  const miniapp = new Hono()
  miniapp.route('/apps', apps)
  miniapp.route('/', wallet)

  // ── the public key (spec §7 "get public key"; §5 "verify the JWS signature and cache public keys by key id") ──
  const publicKey = new Hono()
  publicKey.get('/publicKey', describe(docs.publicKey), queryIn(v.object({ kid: v.optional(v.pipe(v.string(), v.maxLength(100))) })), async (c) => {
    const { kid, jwk } = await signer.publicKey(c.req.valid('query').kid)
    c.header('Cache-Control', 'public, max-age=86400')
    return success(c, { kid, alg: 'ES256', jwk })
  })
  // the merchant's keys as a JSON Web Key Set (RFC 7517), for a verifier that fetches keys by kid (jose's
  // createRemoteJWKSet, PyJWT's PyJWKClient …): plain `{keys}`, not the API's answer shape
  const merchants = merchantRepo(deps.store.db)
  publicKey.get('/jwks', describe(docs.jwks), queryIn(v.object({ merchantId: v.pipe(v.string(), v.regex(/^\d{1,32}$/)) })), async (c) => {
    const set = await signer.keySet(c.req.valid('query').merchantId, async (id) => !!(await merchants.findById(id)))
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(set)
  })

  return {
    signer,
    loadApp,
    devV1: { '/miniapp': miniapp },
    run: { '/miniapp-run': runRoutes(loadApp) },
    v2: { '/miniapp': publicKey },
  }
}
