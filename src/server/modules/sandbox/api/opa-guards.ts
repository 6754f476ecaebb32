import type { Context, MiddlewareHandler } from 'hono'
import { successInfo } from '@/domain/errors.ts'
import type { AppDeps } from '../../../deps.ts'
import { opaAuth, type OpaEnv } from '../auth/opa-auth.ts'
import { realSleep, sandboxDirectives } from './force.ts'
import { requestRecorder } from '../request-log/request-log.ts'
import { forceNextRepo } from '../../../store/force-next-repo.ts'
import { sandboxRepo } from '../../../store/sandbox-repo.ts'
import type { SandboxEngine } from '../engine/index.ts'
import { sandboxCommands } from '../engine/index.ts'

export type OpaCtx = Context<OpaEnv>

const success = successInfo()

/** An OPA-signed call's answer: `{resultInfo, data}` (SUCCESS unless told). */
export const ok = (c: OpaCtx, data: unknown, status: 200 | 201 | 202 = 200, resultInfo = success) => c.json({ resultInfo, data }, status)

/**
 * What every OPA-signed route of the sandbox runs before its handler (opa.ts, sandbox-api.ts), created once per
 * sandbox so the request log's recorder is one: `logged` writes the request log, `auth` checks OPA-Auth then applies
 * the sandbox directives, `merchantOf` names the verified merchant.
 */
export function opaGuards(deps: AppDeps, engine: SandboxEngine = deps.sandbox) {
  const clocks = sandboxRepo(deps.store.db)
  /** Merchant clocks live in the store (issue 14): loaded at start, and again when a process first serves a merchant. */
  const loadClock = async (merchantId: string) => deps.clock.setOffset(merchantId, await clocks.clockOffset(merchantId))
  const verify = opaAuth(deps, engine.ready, async (merchantId) => {
    await loadClock(merchantId)
    await sandboxCommands.testUsers.ensureTestUsers(engine.forMerchant(merchantId))
  })
  const forced = forceNextRepo(deps.store.db)
  const directives = sandboxDirectives(realSleep, (merchantId, codes, paths) => forced.take(merchantId, codes, paths))
  const recorder = requestRecorder(deps)
  /** The request log (issue 14): before OPA-Auth, so refused requests of a known key are logged for its owner. */
  const logged = recorder.record
  /** OPA-Auth, then the sandbox directives (forced errors, delays) of the verified merchant. */
  const auth: MiddlewareHandler<OpaEnv> = (c, next) =>
    verify(c, async () => {
      await directives(c, next)
    })
  return { logged, auth, recorder, merchantOf: (c: OpaCtx) => c.get('opa').merchantId }
}

export type OpaGuards = ReturnType<typeof opaGuards>
