import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from './db.ts'
import { merchantCredentials, merchants } from './tables/merchants.ts'

export type Merchant = typeof merchants.$inferSelect
export type MerchantCredential = typeof merchantCredentials.$inferSelect

/** Merchant ids look like the provider's: 18 digits. API keys are `a_` + 10 random chars; secrets base64. */
export function newMerchantId(): string {
  const digits = Array.from(randomBytes(18), (b) => String(b % 10)).join('')
  return `1${digits.slice(1)}`
}
export const newApiKey = () => `a_${randomBytes(8).toString('base64url').slice(0, 10)}_${randomBytes(2).toString('hex')}`
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
    async credentialsOf(merchantId: string) {
      return db.select().from(merchantCredentials).where(and(eq(merchantCredentials.merchantId, merchantId), isNull(merchantCredentials.revokedAt)))
    },
  }
}
