import { ApiError } from '@/domain/errors.ts'
import type { WebhookChaosMode } from '@/domain/webhook-chaos.ts'
import type { AppDeps } from '../../../deps.ts'
import { chaosOf, requestChaos, withdrawChaos } from '../../../store/webhook-chaos-repo.ts'

/**
 * Webhook chaos on demand (issue 23; docs/webhooks.md#chaos): the calls of the command line, the MCP tools and the
 * sandbox tools page. How a request is applied to the next delivery: store/webhook-chaos-repo.ts.
 */
export function webhookChaos(deps: AppDeps) {
  const db = deps.store.db
  return {
    async get(merchantId: string) {
      return { merchantId, chaos: await chaosOf(db, merchantId) }
    },
    async request(merchantId: string, mode: WebhookChaosMode, delayMs?: number) {
      const now = deps.clock.nowMs(merchantId)
      if (mode === 'off') {
        await withdrawChaos(db, merchantId, now)
        return { merchantId, chaos: null }
      }
      if (mode === 'delay' && !delayMs)
        throw new ApiError('SANDBOX_COMMAND_INVALID', {
          data: { command: 'webhook_chaos', issues: [{ path: 'delay', message: 'delay needs how late, e.g. 5m' }] },
        })
      return { merchantId, chaos: await requestChaos(db, merchantId, mode, delayMs ?? 0, now) }
    },
  }
}
