import { Hono } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import { webhookDeliveryParams, webhookListQuery } from '@/domain/webhooks.ts'
import type { AppDeps } from '../deps.ts'
import { webhookService } from '../sandbox/webhooks.ts'
import { paramsOf, queryOf } from '../validate.ts'
import { success } from './accounts-flows.ts'
import { requireUser, type AuthEnv } from './auth.ts'
import { merchantFor } from './merchant-context.ts'
import './sandbox-webhooks-openapi.ts'

/**
 * The webhook delivery log of the mode's merchant on the sandbox tools page (issue 14 item 4; docs/webhooks.md):
 * the same list and resend as the OPA-signed `/sandbox/api/webhooks`, for the signed-in developer.
 */
export function sandboxWebhookRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>()
  const auth = requireUser(deps)
  const webhooks = webhookService(deps)

  app.get('/dev/v1/sandbox/webhooks', auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    return success(c, await webhooks.list(merchant.id, queryOf(c, webhookListQuery)))
  })

  app.post('/dev/v1/sandbox/webhooks/:deliveryId/resend', auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const delivery = await webhooks.resend(merchant.id, paramsOf(c, webhookDeliveryParams).deliveryId)
    if (!delivery) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
    return success(c, delivery)
  })

  return app
}
