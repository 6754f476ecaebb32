import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm'
import { webhookLimits, type WebhookListQuery } from '@/domain/webhooks.ts'
import type { Db } from './db.ts'
import { merchantRow } from './merchant-row.ts'
import { merchantNowSql } from './sandbox-repo.ts'
import { idRandomBytes, orderedIdSuffix } from './sandbox-ids.ts'
import { sandboxClocks } from './tables/sandbox.ts'
import { sandboxWebhookDeliveries, sandboxWebhookSecrets, type WebhookAttempt } from './tables/webhooks.ts'

export type WebhookDeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect
export type NewWebhookDelivery = Pick<WebhookDeliveryRow, 'merchantId' | 'paymentId' | 'merchantPaymentId' | 'state' | 'body' | 'createdAtMs'>

const t = sandboxWebhookDeliveries

/** Ids sort by creation: `wh_` + the creation time (14 digits) + random hex. */
const newDeliveryId = (atMs: number) => `wh_${String(Math.max(0, atMs)).padStart(14, '0')}${orderedIdSuffix('webhook')}`

/** All SQL of the sandbox webhooks (issue 14). Pass a transaction as `db` to enqueue with the change that caused it. */
export function webhookRepo(db: Db) {
  return {
    /** Queues a delivery (due at once) and prunes the merchant's deliveries beyond the newest N. */
    async enqueue(row: NewWebhookDelivery) {
      const id = newDeliveryId(row.createdAtMs)
      await db.insert(t).values({ ...row, id, status: 'pending', attempts: 0, nextAttemptAtMs: row.createdAtMs, history: [] })
      await db.execute(sql`delete from ${t} where ${t.merchantId} = ${row.merchantId} and (${t.createdAtMs}, ${t.id}) <= (
        select ${t.createdAtMs}, ${t.id} from ${t} where ${t.merchantId} = ${row.merchantId}
        order by ${t.createdAtMs} desc, ${t.id} desc offset ${webhookLimits.perMerchant} limit 1)`)
      return id
    },
    async list(merchantId: string, q: WebhookListQuery) {
      const where: SQL[] = [eq(t.merchantId, merchantId)]
      if (q.status) where.push(eq(t.status, q.status))
      return db
        .select()
        .from(t)
        .where(and(...where))
        .orderBy(desc(t.createdAtMs), desc(t.id))
        .limit(q.limit ?? webhookLimits.defaultPage)
    },
    find: (merchantId: string, id: string) => merchantRow(db, t, merchantId, id),
    /** Pending deliveries due on their merchant's clock (`nowMs` is the clock without a merchant's offset), oldest due first. */
    async due(nowMs: number, limit: number) {
      const rows = await db
        .select({ row: t })
        .from(t)
        .leftJoin(sandboxClocks, eq(sandboxClocks.merchantId, t.merchantId))
        .where(and(eq(t.status, 'pending'), lte(t.nextAttemptAtMs, merchantNowSql(nowMs))))
        .orderBy(asc(t.nextAttemptAtMs), asc(t.createdAtMs), asc(t.id))
        .limit(limit)
      return rows.map((r) => r.row)
    },
    /**
     * Claims a pending delivery for one attempt by moving its next attempt past the attempt's timeout: of two
     * dispatchers (two processes) exactly one gets the row. Undefined when another got it first.
     */
    async claim(row: WebhookDeliveryRow, leaseUntilMs: number) {
      const [claimed] = await db
        .update(t)
        .set({ nextAttemptAtMs: leaseUntilMs })
        .where(
          and(
            eq(t.id, row.id),
            eq(t.status, 'pending'),
            eq(t.attempts, row.attempts),
            row.nextAttemptAtMs === null ? sql`${t.nextAttemptAtMs} is null` : eq(t.nextAttemptAtMs, row.nextAttemptAtMs),
          ),
        )
        .returning()
      return claimed
    },
    /**
     * A forwarder claims a pending delivery's next attempt until `untilMs` (issue 22): of two forwarders polling
     * the same merchant, one gets it (undefined for the other, until the claim lapses or the report clears it).
     */
    async claimForForwarder(merchantId: string, id: string, nowMs: number, untilMs: number) {
      const [row] = await db
        .update(t)
        .set({ forwardClaimedUntilMs: untilMs })
        .where(
          and(
            eq(t.merchantId, merchantId),
            eq(t.id, id),
            eq(t.status, 'pending'),
            sql`(${t.forwardClaimedUntilMs} is null or ${t.forwardClaimedUntilMs} <= ${nowMs})`,
          ),
        )
        .returning()
      return row
    },
    /** Records an attempt: delivered, failed for good, or pending again at `nextAttemptAtMs` (a forwarder's claim ends). */
    async recordAttempt(id: string, attempt: WebhookAttempt, next: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAtMs: number | null }) {
      const [row] = await db
        .update(t)
        .set({
          status: next.status,
          nextAttemptAtMs: next.nextAttemptAtMs,
          attempts: sql`${t.attempts} + 1`,
          history: sql`${t.history} || ${JSON.stringify([attempt])}::jsonb`,
          forwardClaimedUntilMs: null,
        })
        .where(eq(t.id, id))
        .returning()
      return row
    },
    /** Manual resend: pending again, due now, a fresh retry schedule (the history stays). */
    async requeue(merchantId: string, id: string, nowMs: number) {
      const [row] = await db
        .update(t)
        .set({ status: 'pending', nextAttemptAtMs: nowMs, attempts: 0 })
        .where(and(eq(t.merchantId, merchantId), eq(t.id, id)))
        .returning()
      return row
    },
    /** Deliveries never attempted (parked for want of a URL) become due at `nowMs`. */
    async unpark(merchantId: string, nowMs: number) {
      await db
        .update(t)
        .set({ nextAttemptAtMs: nowMs })
        .where(and(eq(t.merchantId, merchantId), eq(t.status, 'pending'), eq(t.attempts, 0)))
    },
    /** The merchant's signing secret, made on first use (two racing callers get the same one). */
    async signingSecret(merchantId: string) {
      const made = `whsec_${idRandomBytes('webhook-secret', 24).toString('base64url')}`
      await db.insert(sandboxWebhookSecrets).values({ merchantId, secret: made }).onConflictDoNothing()
      const [row] = await db.select().from(sandboxWebhookSecrets).where(eq(sandboxWebhookSecrets.merchantId, merchantId))
      return row!.secret
    },
  }
}
