import { and, eq, isNull } from 'drizzle-orm'
import type { WebhookChaosMode, WebhookChaosState } from '@/domain/webhook-chaos.ts'
import type { Db } from './db.ts'
import { sandboxWebhookChaos as chaos, sandboxWebhookDeliveries as deliveries } from './tables/webhooks.ts'

/**
 * Webhook chaos on demand (issue 23; docs/webhooks.md#chaos). A merchant asks for one misbehaviour of its NEXT
 * delivery; the queue applies it when that delivery is made (in the order's transaction), the dispatcher and the
 * forwarder's report finish it after an answer:
 *
 * - `duplicate`: once delivered, the same delivery (same id, same body) is queued again and delivered a second time;
 * - `reorder`: held (no due time) until the delivery after it has been answered, then sent;
 * - `delay`: due `delayMs` later on the merchant's clock (moving the clock brings it forward).
 *
 * One request per merchant at a time (a new one replaces it); it is removed once done.
 */
export type ChaosRow = typeof chaos.$inferSelect

const stateOf = (row: ChaosRow | undefined): WebhookChaosState | null =>
  row ? { mode: row.mode as WebhookChaosMode, delayMs: row.delayMs, deliveryId: row.deliveryId } : null

/** Called by the queue in the transaction that made delivery `id` (webhook-queue.ts). */
export async function applyChaosOnEnqueue(db: Db, merchantId: string, id: string, createdAtMs: number) {
  const [row] = await db.select().from(chaos).where(eq(chaos.merchantId, merchantId))
  if (!row) return
  if (row.deliveryId === null) {
    await db.update(chaos).set({ deliveryId: id }).where(eq(chaos.merchantId, merchantId))
    if (row.mode === 'reorder') await db.update(deliveries).set({ nextAttemptAtMs: null }).where(eq(deliveries.id, id))
    if (row.mode === 'delay')
      await db
        .update(deliveries)
        .set({ nextAttemptAtMs: createdAtMs + row.delayMs })
        .where(eq(deliveries.id, id))
    return
  }
  if (row.mode === 'reorder' && row.laterId === null) await db.update(chaos).set({ laterId: id }).where(eq(chaos.merchantId, merchantId))
}

/**
 * Deliveries the forwarder must not post yet: a reordered one waiting for the one after it, a delayed one not yet
 * due on the merchant's clock.
 */
export async function heldDeliveries(db: Db, merchantId: string, merchantNowMs: number): Promise<Set<string>> {
  const [row] = await db.select().from(chaos).where(eq(chaos.merchantId, merchantId))
  if (!row?.deliveryId) return new Set()
  if (row.mode === 'reorder') return new Set([row.deliveryId])
  if (row.mode === 'delay') {
    const [d] = await db.select({ createdAtMs: deliveries.createdAtMs }).from(deliveries).where(eq(deliveries.id, row.deliveryId))
    if (d && d.createdAtMs + row.delayMs > merchantNowMs) return new Set([row.deliveryId])
  }
  return new Set()
}

/**
 * After an attempt at delivery `id` was recorded: a duplicated delivery that arrived is queued once more, a held
 * one is released once the delivery after it was answered, a delayed one is done.
 */
export async function afterChaosAttempt(db: Db, merchantId: string, id: string, status: 'pending' | 'delivered' | 'failed', nowMs: number) {
  const [row] = await db.select().from(chaos).where(eq(chaos.merchantId, merchantId))
  if (!row?.deliveryId) return
  const done = () => db.delete(chaos).where(eq(chaos.merchantId, merchantId))
  if (row.mode === 'duplicate' && row.deliveryId === id && status === 'delivered') {
    await db.update(deliveries).set({ status: 'pending', nextAttemptAtMs: nowMs, attempts: 0 }).where(eq(deliveries.id, id))
    await done()
  } else if (row.mode === 'reorder' && row.laterId === id) {
    await db
      .update(deliveries)
      .set({ nextAttemptAtMs: nowMs })
      .where(and(eq(deliveries.id, row.deliveryId), eq(deliveries.status, 'pending'), isNull(deliveries.nextAttemptAtMs)))
    await done()
  } else if (row.mode === 'delay' && row.deliveryId === id) {
    await done()
  }
}

/** The merchant's request as the calls answer it. */
export async function chaosOf(db: Db, merchantId: string) {
  const [row] = await db.select().from(chaos).where(eq(chaos.merchantId, merchantId))
  return stateOf(row)
}

/** Withdraws the merchant's request; a delivery it holds back is released (due at `nowMs`) rather than stranded. */
export async function withdrawChaos(db: Db, merchantId: string, nowMs: number) {
  const [row] = await db.select().from(chaos).where(eq(chaos.merchantId, merchantId))
  if (row?.deliveryId && row.mode === 'reorder')
    await db
      .update(deliveries)
      .set({ nextAttemptAtMs: nowMs })
      .where(and(eq(deliveries.id, row.deliveryId), isNull(deliveries.nextAttemptAtMs)))
  await db.delete(chaos).where(eq(chaos.merchantId, merchantId))
}

/** Asks for chaos on the merchant's next delivery (replacing a request not yet used up). */
export async function requestChaos(db: Db, merchantId: string, mode: Exclude<WebhookChaosMode, 'off'>, delayMs: number, nowMs: number) {
  const values = { mode, delayMs: mode === 'delay' ? delayMs : 0, deliveryId: null, laterId: null, requestedAtMs: nowMs }
  const [row] = await db
    .insert(chaos)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: chaos.merchantId, set: values })
    .returning()
  return stateOf(row)
}
