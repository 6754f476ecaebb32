/**
 * The webhook delivery machine applied to stored deliveries (issue 14 item 4; docs/webhooks.md): an attempt's
 * answer and a resend, decided by `machines/webhook-delivery.machine.ts` and stored; the dispatcher, the forwarder's
 * report and the resend calls (webhooks/webhooks.ts) come here. Each stored step is also the inspector's
 * (inspect-feed.ts); a delivery starts when the order's transaction queues it (webhook-queue.ts).
 */
import { getNextSnapshot } from 'xstate'
import { webhookDeliveryMachine, type WebhookDeliveryEvent, type WebhookDeliveryStatus } from '@machines/webhook-delivery.machine.ts'
import { maxWebhookAttempts, webhookLimits } from '@/domain/webhooks.ts'
import type { WebhookAttempt } from '../../../store/tables/webhooks.ts'
import { webhookRepo, type WebhookDeliveryRow } from '../../../store/webhook-repo.ts'
import type { SandboxCtx } from './context.ts'
import { feedOf, type MachineStep } from './inspect-feed.ts'

/** The delivery machine restored from a stored row (its attempts since queued or last resent). */
const restore = (status: string, attempts: number) =>
  webhookDeliveryMachine.resolveState({ value: status, context: { attempts, maxAttempts: maxWebhookAttempts } })

/** After an attempt the machine decides: delivered, failed for good, or pending again after the back-off delay. */
export function afterAttempt(attempts: number, answer: { status: number }, nowMs: number) {
  const next = getNextSnapshot(webhookDeliveryMachine, restore('pending', attempts), { type: 'attempt.answered', status: answer.status })
  const status = next.value as WebhookDeliveryStatus
  return { status, nextAttemptAtMs: status === 'pending' ? nowMs + webhookLimits.retryDelaysMs[attempts]! : null }
}

const snapshotOf = (status: string, attempts: number) => ({ value: status, context: { attempts, maxAttempts: maxWebhookAttempts } })

/** A delivery's step as the inspector gets it; `from` absent: the delivery was just queued (pending, no attempt). */
export function deliveryStep(
  row: Pick<WebhookDeliveryRow, 'id' | 'merchantId' | 'state' | 'merchantPaymentId' | 'status' | 'attempts'>,
  event: WebhookDeliveryEvent | null,
  from?: { status: string; attempts: number },
): MachineStep {
  return {
    merchantId: row.merchantId,
    machine: 'webhookDelivery',
    sessionId: `webhookDelivery:${row.id}`,
    name: `webhookDelivery:${row.state} ${row.merchantPaymentId}`,
    event,
    ...(from ? { from: snapshotOf(from.status, from.attempts) } : {}),
    snapshot: snapshotOf(row.status, row.attempts),
  }
}

/**
 * Stores an attempt's answer (by the sandbox or the forwarder): the machine decides the next status from
 * `attempts` (the delivery's attempts before this one) and the answer. Answers that decision.
 */
export async function recordAttempt(ctx: SandboxCtx, input: { row: WebhookDeliveryRow; attempts: number; attempt: WebhookAttempt }) {
  const next = afterAttempt(input.attempts, input.attempt, input.attempt.atMs)
  const updated = await webhookRepo(ctx.db).recordAttempt(input.row.id, input.attempt, next)
  if (updated) {
    const step = deliveryStep(updated, { type: 'attempt.answered', status: input.attempt.status }, { status: 'pending', attempts: input.attempts })
    await feedOf(ctx.db)?.published([step])
  }
  return next
}

/** Sends a merchant's delivery again now (a fresh retry schedule); undefined when it has no such delivery. */
export async function resend(ctx: SandboxCtx, input: { merchantId: string; deliveryId: string; nowMs: number }) {
  const repo = webhookRepo(ctx.db)
  const feed = feedOf(ctx.db)
  // the state before, for the inspector only when someone watches (a resend racing another shows the later one's)
  const before = feed?.isWatched(input.merchantId) ? await repo.find(input.merchantId, input.deliveryId) : undefined
  const row = await repo.requeue(input.merchantId, input.deliveryId, input.nowMs)
  if (row && before) await feed?.published([deliveryStep(row, { type: 'delivery.resent' }, before)])
  return row
}
