import { createHash } from 'node:crypto'
import { desc, eq, like } from 'drizzle-orm'
import type { CryptoKey, JWK } from 'jose'
import { LRUCache } from 'lru-cache'
import { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../../deps.ts'
import { newUuid } from '../../store/sandbox-ids.ts'
import { miniAppKeys } from '../../store/tables/miniapp.ts'
import { demoMerchant } from '../sandbox/engine/seed.ts'

/**
 * The sandbox's mini-app signing keys (spec §5 "verify the JWS signature and cache public keys by key id"): ES256,
 * one per merchant (issue 33: a JWS made for one merchant never verifies with another's key set), made on the
 * merchant's first JWS and kept in the store (`miniapp_keys`), so it is the same after a restart and for every
 * server process; the first process to need it creates it (a concurrent creator's insert is ignored and the stored
 * key read back). A merchant's keys are those whose kid starts `paylab-miniapp-m<merchantId>-` (the kid names its
 * merchant; keys of before issue 33, `paylab-miniapp-<thumbprint>`, stay published by kid and sign nothing more).
 * Published by kid at `GET /v2/miniapp/publicKey?kid=<kid>` and as the merchant's JSON Web Key Set at
 * `GET /v2/miniapp/jwks?merchantId=<id>` (index.ts).
 *
 * Every JWS is bound to its context: `merchantId` and `appId` claims, and the audience `miniAppAudience(merchant,
 * app)`, besides the issuer `paylab-sandbox`, `iat`, `exp` (10 minutes) and a `jti` to accept each result once.
 */
export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

export const miniAppIssuer = 'paylab-sandbox'
/** The `aud` of a mini app's JWS: the merchant's server for that app (docs: server integration, "JWT validation"). */
export const miniAppAudience = (merchantId: string, appId: string) => `paylab-miniapp:${merchantId}:${appId}`
/** The context a JWS is made for. */
export interface JwsContext {
  merchantId: string
  appId: string
}

const kidPrefix = (merchantId: string) => `paylab-miniapp-m${merchantId}-`
const thumbprint = (jwk: JWK) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url')
    .slice(0, 16)
/** Merchant ids are digits (`newMerchantId`); anything else names no key (and never reaches a LIKE pattern). */
const merchantIdPattern = /^\d{1,32}$/

export function miniAppSigner(deps: Pick<AppDeps, 'store' | 'clock'>) {
  const db = deps.store.db
  const current = new LRUCache<string, Promise<SigningKey>>({ max: 1_000 })

  const newestOf = async (merchantId: string) =>
    (
      await db
        .select()
        .from(miniAppKeys)
        .where(like(miniAppKeys.kid, `${kidPrefix(merchantId)}%`))
        .orderBy(desc(miniAppKeys.createdAtMs))
        .limit(1)
    )[0]

  async function loadOrCreate(merchantId: string): Promise<SigningKey> {
    const stored = await newestOf(merchantId)
    if (stored) return toKey(stored)
    const { exportJWK, generateKeyPair } = await import('jose') // jose loads with the first token, not at every start (docs/restart.md)
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const publicJwk = await exportJWK(publicKey)
    const kid = `${kidPrefix(merchantId)}${thumbprint(publicJwk)}`
    const fullPublic = { ...publicJwk, kid, alg: 'ES256', use: 'sig' }
    await db
      .insert(miniAppKeys)
      .values({ kid, privateJwk: toStrings(await exportJWK(privateKey)), publicJwk: toStrings(fullPublic), createdAtMs: deps.clock.nowMs() })
      .onConflictDoNothing()
    return toKey((await newestOf(merchantId))!)
  }

  /** The merchant's current key (the demo merchant's when none is named), made on first use. */
  const key = (merchantId: string = demoMerchant.id) => {
    if (!merchantIdPattern.test(merchantId)) throw new ApiError('MINIAPP_KEY_NOT_FOUND')
    let found = current.get(merchantId)
    if (!found) {
      found = loadOrCreate(merchantId).catch((error: unknown) => {
        current.delete(merchantId)
        throw error
      })
      current.set(merchantId, found)
    }
    return found
  }

  return {
    key,
    /**
     * A compact JWS (JWT form) of `payload` for `context`, signed with the merchant's key (its `kid` in the header):
     * the context's merchant and app as claims and audience, whatever `payload` says.
     */
    async sign(context: JwsContext, payload: Record<string, unknown>, nowMs: number): Promise<string> {
      const k = await key(context.merchantId)
      const iat = Math.floor(nowMs / 1000)
      const { SignJWT } = await import('jose')
      return new SignJWT({ ...payload, merchantId: context.merchantId, appId: context.appId })
        .setProtectedHeader({ alg: 'ES256', kid: k.kid, typ: 'JWT' })
        .setIssuer(miniAppIssuer)
        .setAudience(miniAppAudience(context.merchantId, context.appId))
        .setJti(newUuid('miniapp-jti'))
        .setIssuedAt(iat)
        .setExpirationTime(iat + 10 * 60)
        .sign(k.privateKey)
    },
    /** The public JWK of `kid` (the demo merchant's current key when none is given); 404 MINIAPP_KEY_NOT_FOUND otherwise. */
    async publicKey(kid?: string) {
      if (kid === undefined) {
        const k = await key()
        return { kid: k.kid, jwk: k.publicJwk }
      }
      const [row] = await db.select().from(miniAppKeys).where(eq(miniAppKeys.kid, kid)).limit(1)
      if (!row) throw new ApiError('MINIAPP_KEY_NOT_FOUND')
      return { kid: row.kid, jwk: row.publicJwk }
    },
    /**
     * The merchant's JSON Web Key Set: every key of the merchant, newest first (its current key made when it has
     * none yet). `exists` says whether the merchant is one of the sandbox's: an unknown id gets no key made.
     */
    async keySet(merchantId: string, exists: (merchantId: string) => Promise<boolean>) {
      if (!merchantIdPattern.test(merchantId) || !(await exists(merchantId))) return { keys: [] as JWK[] }
      await key(merchantId)
      const rows = await db
        .select()
        .from(miniAppKeys)
        .where(like(miniAppKeys.kid, `${kidPrefix(merchantId)}%`))
        .orderBy(desc(miniAppKeys.createdAtMs))
      return { keys: rows.map((row) => row.publicJwk as JWK) }
    },
  }
}

export type MiniAppSigner = ReturnType<typeof miniAppSigner>

const toStrings = (jwk: JWK): Record<string, string> => Object.fromEntries(Object.entries(jwk).filter((e): e is [string, string] => typeof e[1] === 'string'))

async function toKey(row: typeof miniAppKeys.$inferSelect): Promise<SigningKey> {
  const { importJWK } = await import('jose')
  const privateKey = await importJWK(row.privateJwk, 'ES256')
  if (privateKey instanceof Uint8Array) throw new Error('mini-app signing key: not an EC key')
  return { kid: row.kid, privateKey, publicJwk: row.publicJwk }
}
