import { randomBytes } from 'node:crypto'
import { idRandomBytes } from './sandbox-ids.ts'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { merchantCredentials, merchants } from './tables/merchants.ts'

export type Merchant = typeof merchants.$inferSelect
export type MerchantCredential = typeof merchantCredentials.$inferSelect

/**
 * Merchant ids look like the provider's: 18 digits. API keys are `a_` + 10 random chars; secrets base64. Under
 * SANDBOX_SEED ids and keys are seeded (sandbox-ids.ts); secrets never are.
 */
export function newMerchantId(): string {
  const digits = Array.from(idRandomBytes('merchant', 18), (b) => String(b % 10)).join('')
  return `1${digits.slice(1)}`
}
export const newApiKey = () => {
  const bytes = idRandomBytes('api-key', 10)
  return `a_${bytes.subarray(0, 8).toString('base64url').slice(0, 10)}_${bytes.subarray(8).toString('hex')}`
}
export const newApiSecret = () => randomBytes(32).toString('base64')

export function merchantRepo(db: Db) {
  return {
    async create(input: { name?: string; logoUrl?: string | null; ownerUserId?: string | null; products?: string[]; id?: string }) {
      const [merchant] = await db
        .insert(merchants)
        .values({
          id: input.id ?? newMerchantId(),
          name: input.name?.trim() ? input.name.trim() : 'Merchant Name',
          logoUrl: input.logoUrl ?? null,
          ownerUserId: input.ownerUserId ?? null,
          products: input.products ?? [],
        })
        .returning()
      return merchant!
    },
    async issueCredential(merchantId: string, key = newApiKey(), secret = newApiSecret()) {
      const [credential] = await db.insert(merchantCredentials).values({ apiKey: key, merchantId, apiSecret: secret }).returning()
      return credential!
    },
    async findById(id: string) {
      const rows = await db.select().from(merchants).where(eq(merchants.id, id))
      return rows[0]
    },
    async findByOwner(userId: string) {
      return db.select().from(merchants).where(eq(merchants.ownerUserId, userId))
    },
    /** The active credential for an API key, with its merchant (used by OPA-Auth). */
    async findActiveCredential(apiKey: string) {
      const rows = await db
        .select({ credential: merchantCredentials, merchant: merchants })
        .from(merchantCredentials)
        .innerJoin(merchants, eq(merchants.id, merchantCredentials.merchantId))
        .where(and(eq(merchantCredentials.apiKey, apiKey), isNull(merchantCredentials.revokedAt)))
      return rows[0]
    },
    /** A key's merchant whatever the key's state (the signature debugger explains a revoked key to its owner). */
    async findCredentialOwner(apiKey: string) {
      const [row] = await db.select({ merchantId: merchantCredentials.merchantId }).from(merchantCredentials).where(eq(merchantCredentials.apiKey, apiKey))
      return row?.merchantId
    },
    /** The developer's test and live merchants (at most one of each: unique index on owner and mode). */
    async ownedBy(userId: string) {
      const list = await db.select().from(merchants).where(eq(merchants.ownerUserId, userId))
      return { test: list.find((m) => m.mode === 'test'), live: list.find((m) => m.mode === 'live') }
    },
    /**
     * The live merchant of a developer, created from the test one with its own first key. Idempotent even when two
     * activations race: the unique (owner, mode) index lets one insert win; the loser reads the winner's row.
     */
    async ensureLiveMerchant(from: Merchant) {
      return db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(merchants)
            .values({ id: newMerchantId(), name: from.name, logoUrl: from.logoUrl, ownerUserId: from.ownerUserId, products: from.products, mode: 'live' })
            .onConflictDoNothing()
            .returning()
          if (created) await tx.insert(merchantCredentials).values({ apiKey: newApiKey(), merchantId: created.id, apiSecret: newApiSecret() })
          return created
        })
        .then(async (created) => created ?? (await merchantRepo(db).ownedBy(from.ownerUserId!)).live!)
    },
    async setProducts(merchantId: string, products: string[]) {
      const [row] = await db.update(merchants).set({ products }).where(eq(merchants.id, merchantId)).returning()
      return row
    },
    /** Revokes an active key of the merchant; undefined when there is none with that id. */
    async revokeCredential(merchantId: string, apiKey: string, at: Date) {
      const [row] = await db
        .update(merchantCredentials)
        .set({ revokedAt: at })
        .where(and(eq(merchantCredentials.merchantId, merchantId), eq(merchantCredentials.apiKey, apiKey), isNull(merchantCredentials.revokedAt)))
        .returning()
      return row
    },
    async countActiveCredentials(merchantId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(merchantCredentials)
        .where(and(eq(merchantCredentials.merchantId, merchantId), isNull(merchantCredentials.revokedAt)))
      return row?.n ?? 0
    },
    async credentialsOf(merchantId: string) {
      return db
        .select()
        .from(merchantCredentials)
        .where(and(eq(merchantCredentials.merchantId, merchantId), isNull(merchantCredentials.revokedAt)))
    },
  }
}
