import { Hono } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import { webhookDeliveryDoc, webhookDeliveryParams, webhookListDoc, webhookListQuery } from '@/domain/webhooks.ts'
import type { AppDeps } from '../../../deps.ts'
import { webhookChaosData, webhookChaosRequest } from '@/domain/webhook-chaos.ts'
import { webhookChaos } from '../webhooks/chaos.ts'
import { webhookService } from '../webhooks/webhooks.ts'
import { jsonIn, paramsIn, queryIn } from '../../../http/validator.ts'
import { success } from '../../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../../http/bearer.ts'
import { merchantFor } from '../../../http/merchant-context.ts'
import { describe } from '../../../http/openapi.ts'

/**
 * The webhook delivery log of the mode's merchant on the sandbox tools page (issue 14 item 4; docs/webhooks.md):
 * the same list and resend as the OPA-signed `/sandbox/api/webhooks`, for the signed-in developer.
 */
export function sandboxWebhookRoutes(deps: AppDeps, app = new Hono<AuthEnv>()) {
  const auth = requireUser(deps)
  const webhooks = webhookService(deps)

  const list = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "The mode's merchant's webhook deliveries (X-ASSUME-MERCHANT), newest first",
    data: webhookListDoc,
  })
  app.get('/webhooks', list, auth, queryIn(webhookListQuery), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    return success(c, await webhooks.list(merchant.id, c.req.valid('query')))
  })

  const resend = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "Send one of the mode's merchant's webhook deliveries again now",
    data: webhookDeliveryDoc,
  })
  app.post('/webhooks/:deliveryId/resend', resend, auth, paramsIn(webhookDeliveryParams), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const delivery = await webhooks.resend(merchant.id, c.req.valid('param').deliveryId)
    if (!delivery) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
    return success(c, delivery)
  })

  // webhook chaos on the next delivery (issue 23; docs/webhooks.md#chaos), as `paylab webhooks chaos` does
  const chaos = webhookChaos(deps)
  const chaosState = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "The mode's merchant's pending webhook chaos request (null when none)",
    data: webhookChaosData,
  })
  const chaosAsk = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: 'Misbehave on the next webhook: duplicate (twice, same id), reorder (after the one after it), delay (delayMs later on the sandbox clock) or off',
    data: webhookChaosData,
  })
  app.get('/webhooks/chaos', chaosState, auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    return success(c, await chaos.get(merchant.id))
  })
  app.post('/webhooks/chaos', chaosAsk, auth, jsonIn(webhookChaosRequest), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const { mode, delayMs } = c.req.valid('json')
    return success(c, await chaos.request(merchant.id, mode, delayMs))
  })

  return app
}
