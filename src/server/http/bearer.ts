import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../deps.ts'
import { accountRepo, type User } from '../store/account-repo.ts'
import { sha256 } from '../modules/accounts/crypto.ts'

/** What `requireUser` puts on the context: the signed-in user and the hash of the bearer token used. */
export interface AuthContext {
  user: User
  tokenHash: string
  tokenExpiresAt: Date
}

export type AuthEnv = { Variables: { auth: AuthContext } }

/** The bearer token of a request, or undefined. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})\s*$/i.exec(header)
  return match?.[1]
}

/**
 * Bearer-auth middleware for portal endpoints. A missing, unknown, expired or revoked token answers 401
 * UNAUTHORIZED (the portal's session machine shows the timeout message and sends the user to sign in).
 * Use: `app.get('/v1/x', requireUser(deps), (c) => { const { user } = c.get('auth') … })`.
 */
export function requireUser(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const auth = await optionalUser(deps, c)
    if (!auth) throw new ApiError('UNAUTHORIZED')
    c.set('auth', auth)
    await next()
  })
}

/**
 * For endpoints open to everyone that give signed-in users more (protected docs pages): null without a bearer
 * token; a token that is missing from the store, expired or revoked answers 401 UNAUTHORIZED as in `requireUser`.
 */
export async function optionalUser(deps: AppDeps, c: Context): Promise<AuthContext | null> {
  const token = bearerToken(c)
  if (!token) return null
  const tokenHash = sha256(token)
  const found = await accountRepo(deps.store.db).userOfToken(tokenHash, deps.clock.now())
  if (!found) throw new ApiError('UNAUTHORIZED')
  return { user: found.user, tokenHash, tokenExpiresAt: found.expiresAt }
}
