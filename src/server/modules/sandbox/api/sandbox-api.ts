import { Hono } from 'hono'
import * as v from 'valibot'
import * as opaResponses from '@/domain/opa-response-schemas.ts'
import { successInfo, ApiError } from '@/domain/errors.ts'
import { SandboxClockRequestSchema } from '@/domain/opa-schemas.ts'
import { requestLogOpaData, requestLogQuerySchema } from '@/domain/sandbox-log.ts'
import {
  putWebhookRequest,
  webhookAttemptReport,
  webhookDeliveryDoc,
  webhookDeliveryParams,
  webhookListDoc,
  webhookListQuery,
  webhookSettingData,
} from '@/domain/webhooks.ts'
import { linkOrigin } from '../../../config.ts'
import type { AppDeps } from '../../../deps.ts'
import { describe, type OperationDoc } from '../../../http/openapi.ts'
import type { OpaEnv } from '../auth/opa-auth.ts'
import { clockView, moveMerchantClock } from '../state/merchant-clock.ts'
import { requestLogView } from '../request-log/request-log.ts'
import { webhookService } from '../webhooks/webhooks.ts'
import { dashboardRepo } from '../../../store/dashboard-repo.ts'
import { requestLogRepo } from '../../../store/request-log-repo.ts'
import { opaJson, opaParams, opaQuery } from './opa-input.ts'
import { ok, type OpaGuards } from './opa-guards.ts'
import { serveSandboxState } from '../state/routes.ts'
import { serveCommands } from '../commands/routes.ts'

/**
 * `/sandbox/api`: the sandbox's own calls, OPA-signed like the API (docs/sandbox-powers.md): a bare ping, the calling
 * merchant's clock, reset/snapshots/seed, its request log and its webhooks.
 */
export function sandboxApiRoutes(deps: AppDeps, guards: OpaGuards) {
  const { logged, auth, recorder, merchantOf: m } = guards
  const origin = (c: { req: { url: string } }) => linkOrigin(deps.config, c.req.url)
  const api = new Hono<OpaEnv>()
  // a bare JSON answer without auth (the benchmark's ceiling)
  api.get('/ping', describe({ tag: 'Sandbox', summary: 'A bare JSON answer with no store access (liveness and benchmark ceiling; unsigned)' }), (c) =>
    c.json({ resultInfo: successInfo(), data: { pong: true } }),
  )

  // ── sandbox only: the calling merchant's clock ─────────────────────────────────────────────────────────
  const sandbox = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Sandbox', security: 'opaAuth', ...op })
  api.get('/clock', sandbox({ summary: "The calling merchant's sandbox clock", rawResponse: opaResponses.SandboxClockResponseSchema }), logged, auth, (c) =>
    ok(c, clockView(deps, m(c))),
  )
  const moveClock = { summary: "Move the calling merchant's sandbox clock", rawResponse: opaResponses.SandboxClockResponseSchema }
  api.post('/clock', sandbox(moveClock), logged, auth, opaJson(SandboxClockRequestSchema), async (c) =>
    ok(c, await moveMerchantClock(deps, m(c), c.req.valid('json'))),
  )

  // ── sandbox only: reset, snapshots and seed files of the calling merchant (docs/sandbox-state.md) ─────────
  serveSandboxState(api, deps, { tag: 'Sandbox', security: 'opaAuth', who: 'the signing merchant' }, [logged, auth], m, (c, data, status) =>
    ok(c, data, status),
  )

  // ── sandbox only: the calling merchant's request log (its own entries only) ──────────────────────────────
  const requests = {
    summary:
      "The calling merchant's request log, newest first (filters: status, code, path, from, to in epoch ms, auth_failed, limit); failed OPA-Auth of its keys explained",
    data: requestLogOpaData,
  }
  api.get('/requests', sandbox(requests), auth, opaQuery(requestLogQuerySchema), async (c) => {
    const query = c.req.valid('query')
    await recorder.settled()
    const rows = await requestLogRepo(deps.store.db).list(m(c), query)
    return ok(c, { merchantId: m(c), requests: rows.map(requestLogView) })
  })

  // ── sandbox only: the calling merchant's webhooks (docs/webhooks.md) ─────────────────────────────────────
  const webhooks = webhookService(deps)
  const delivery = opaParams(webhookDeliveryParams)
  const found = <T>(value: T | undefined) => {
    if (!value) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
    return value
  }
  const putWebhook = {
    summary: "Set (or clear, with null) the calling merchant's webhook URL: the same setting as Settings → Configuration",
    data: webhookSettingData,
  }
  api.put('/webhooks', sandbox(putWebhook), logged, auth, opaJson(putWebhookRequest), async (c) => {
    const { url } = c.req.valid('json')
    const saved = await dashboardRepo(deps.store.db).saveSettings(m(c), { webhookUrl: url || null }, deps.clock.now())
    await webhooks.urlChanged(m(c))
    return ok(c, { merchantId: m(c), url: saved.webhookUrl })
  })
  // the forwarder polls these three: not written to the request log (it would push the merchant's own calls out)
  const listWebhooks = {
    summary: "The calling merchant's webhook deliveries, newest first (filters: status, limit), each with its body, freshly signed headers and every attempt",
    data: webhookListDoc,
  }
  api.get('/webhooks', sandbox(listWebhooks), auth, opaQuery(webhookListQuery), async (c) => ok(c, await webhooks.list(m(c), c.req.valid('query'))))
  const claim = {
    summary:
      'The forwarder claims a delivery before posting it: claimed false when another forwarder holds it (until its report, at most 30 s), so each attempt is posted once',
    data: v.object({ claimed: v.boolean(), delivery: webhookDeliveryDoc }),
  }
  api.post('/webhooks/:deliveryId/claim', sandbox(claim), auth, delivery, async (c) =>
    ok(c, found(await webhooks.claim(m(c), c.req.valid('param').deliveryId))),
  )
  const report = {
    summary: 'The forwarder (paylab listen, npm run sandbox:forward) reports what the local server answered to a delivery',
    data: webhookDeliveryDoc,
  }
  api.post('/webhooks/:deliveryId/attempts', sandbox(report), auth, delivery, opaJson(webhookAttemptReport), async (c) => {
    return ok(c, found(await webhooks.report(m(c), c.req.valid('param').deliveryId, c.req.valid('json'))))
  })
  const resend = { summary: 'Send a delivery again now (a fresh retry schedule; its history stays)', data: webhookDeliveryDoc }
  api.post('/webhooks/:deliveryId/resend', sandbox(resend), logged, auth, delivery, async (c) =>
    ok(c, found(await webhooks.resend(m(c), c.req.valid('param').deliveryId))),
  )

  // ── sandbox only: the commands of the paylab command line (issue 23; docs: coding agents and scripts) ──────
  serveCommands(api, deps, [auth], m, origin)

  return api
}
