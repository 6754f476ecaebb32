import { createHash } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose'
import { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../../deps.ts'
import { miniAppKeys } from '../../store/tables/miniapp.ts'

/**
 * The sandbox's mini-app signing key (spec §5 "verify the JWS signature and cache public keys by key id"): ES256,
 * made once and kept in the store (`miniapp_keys`), so it is the same after a restart and for every server process;
 * the first process to need it creates it (a concurrent creator's insert is ignored and the stored key read back).
 * The public half is published by its kid at `GET /v2/miniapp/publicKey?kid=<kid>` (routes.ts).
 */
export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

const thumbprintKid = (jwk: JWK) =>
  `paylab-miniapp-${createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url')
    .slice(0, 16)}`

export function miniAppSigner(deps: Pick<AppDeps, 'store' | 'clock'>) {
  const db = deps.store.db
  let current: Promise<SigningKey> | undefined

  async function loadOrCreate(): Promise<SigningKey> {
    const [stored] = await db.select().from(miniAppKeys).orderBy(desc(miniAppKeys.createdAtMs)).limit(1)
    if (stored) return toKey(stored)
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const publicJwk = await exportJWK(publicKey)
    const kid = thumbprintKid(publicJwk)
    const fullPublic = { ...publicJwk, kid, alg: 'ES256', use: 'sig' }
    await db
      .insert(miniAppKeys)
      .values({ kid, privateJwk: toStrings(await exportJWK(privateKey)), publicJwk: toStrings(fullPublic), createdAtMs: deps.clock.nowMs() })
      .onConflictDoNothing()
    const [row] = await db.select().from(miniAppKeys).orderBy(desc(miniAppKeys.createdAtMs)).limit(1)
    return toKey(row!)
  }

  const key = () =>
    (current ??= loadOrCreate().catch((error: unknown) => {
      current = undefined
      throw error
    }))

  return {
    key,
    /** A compact JWS (JWT form) of `payload`, signed now with the current key; `kid` in its header. */
    async sign(payload: Record<string, unknown>, nowMs: number): Promise<string> {
      const k = await key()
      const iat = Math.floor(nowMs / 1000)
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', kid: k.kid, typ: 'JWT' })
        .setIssuer('paylab-sandbox')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 10 * 60)
        .sign(k.privateKey)
    },
    /** The public JWK of `kid` (the current key when none is given); 404 MINIAPP_KEY_NOT_FOUND otherwise. */
    async publicKey(kid?: string) {
      if (kid === undefined) {
        const k = await key()
        return { kid: k.kid, jwk: k.publicJwk }
      }
      const [row] = await db.select().from(miniAppKeys).where(eq(miniAppKeys.kid, kid)).limit(1)
      if (!row) throw new ApiError('MINIAPP_KEY_NOT_FOUND')
      return { kid: row.kid, jwk: row.publicJwk }
    },
  }
}

export type MiniAppSigner = ReturnType<typeof miniAppSigner>

const toStrings = (jwk: JWK): Record<string, string> => Object.fromEntries(Object.entries(jwk).filter((e): e is [string, string] => typeof e[1] === 'string'))

async function toKey(row: typeof miniAppKeys.$inferSelect): Promise<SigningKey> {
  const privateKey = await importJWK(row.privateJwk, 'ES256')
  if (privateKey instanceof Uint8Array) throw new Error('mini-app signing key: not an EC key')
  return { kid: row.kid, privateKey, publicJwk: row.publicJwk }
}
