import type { Context } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { clientKeyOf } from '../client.ts'
import type { AppDeps } from '../deps.ts'
import { accountRepo } from '../store/account-repo.ts'

/**
 * Takes one mail a visitor asked for without an account (`scope`: the sign-up link, a mini-app request) against the
 * address and against the client, atomically in the store (the attempt counter of the sign-in limits); over either
 * limit the answer is 429 RATE_LIMIT with `retry_after_seconds` and nothing is sent (`limits.requestMails`).
 */
export async function takeRequestMail(deps: AppDeps, c: Context, scope: string, email: string) {
  const rules = limits.requestMails
  const repo = accountRepo(deps.store.db)
  const at = deps.clock.now()
  const rule = (max: number) => ({ max, windowMs: rules.windowMs, lockMs: rules.windowMs })
  const byAddress = await repo.takeAttempt(`${scope}:address`, email.toLowerCase(), at, rule(rules.perAddress))
  const byClient = await repo.takeAttempt(`${scope}:client`, clientKeyOf(c), at, rule(rules.perClient))
  const refused = byAddress.attempts > rules.perAddress ? byAddress : byClient.attempts > rules.perClient ? byClient : null
  if (refused) {
    const until = refused.lockedUntil?.getTime() ?? at.getTime() + rules.windowMs
    throw new ApiError('RATE_LIMIT', { data: { retry_after_seconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)) } })
  }
  return at
}
