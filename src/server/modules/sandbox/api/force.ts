import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import * as v from 'valibot'
import { ApiError, PublishedError } from '@/domain/errors.ts'
import { forcedErrorsOf, magicAmounts, maxSandboxDelayMs } from '@/domain/sandbox-force.ts'
import { parsedBody } from '../../../http/validator.ts'
import type { OpaEnv } from '../auth/opa-auth.ts'

const ForceHeaderSchema = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z_]{1,64}$/))
const DelayHeaderSchema = v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.maxValue(maxSandboxDelayMs))
const MagicBodySchema = v.object({ amount: v.object({ amount: v.number() }) })

const invalid = (applicable: string[]) => new ApiError('SANDBOX_DIRECTIVE_INVALID', { data: { applicable } })

/** The route a request matched, as the forced-error table names it (`POST /v2/codes`). */
export const routeOf = (c: Context) => `${c.req.method} ${routePath(c)}`

async function magicCode(c: Context<OpaEnv>): Promise<string | undefined> {
  if (c.req.method !== 'POST') return undefined
  // parsed once for the whole request (the validator reads the same value)
  const { value, invalid } = await parsedBody(c)
  if (invalid) return undefined
  const body = v.safeParse(MagicBodySchema, value)
  return body.success ? magicAmounts[body.output.amount.amount] : undefined
}

/**
 * Sandbox powers on every signed OPA call (issue 14; docs/sandbox-powers.md), run after OPA-Auth so only the
 * merchant itself can ask: `X-Sandbox-Delay-Ms` (0–30000) holds the answer back, `X-Sandbox-Force: <code>` or a
 * magic amount answers the endpoint's published error instead of doing the work. A code the endpoint does not
 * publish, or a delay out of range, answers 400 SANDBOX_DIRECTIVE_INVALID listing the codes that apply. Without
 * a header or magic amount, a stored "next error" (issue 23, `force_next_error`) that this call can answer is taken.
 */
export function sandboxDirectives(
  sleep: (ms: number) => Promise<void>,
  /** Takes the merchant's stored "force the next error" directive when this call can answer it (issue 23). */
  takeForcedNext?: (merchantId: string, codes: string[], paths: string[]) => Promise<string | undefined>,
): MiddlewareHandler<OpaEnv> {
  return async (c, next) => {
    const applicable = forcedErrorsOf(routeOf(c))
    const delayHeader = c.req.header('x-sandbox-delay-ms')
    const forceHeader = c.req.header('x-sandbox-force')
    let delayMs = 0
    if (delayHeader !== undefined) {
      const delay = v.safeParse(DelayHeaderSchema, delayHeader)
      if (!delay.success) throw invalid(applicable.map((e) => e.code))
      delayMs = delay.output
    }
    let code: string | undefined
    if (forceHeader !== undefined) {
      const parsed = v.safeParse(ForceHeaderSchema, forceHeader)
      code = parsed.success ? parsed.output : ''
      if (!applicable.some((e) => e.code === code)) throw invalid(applicable.map((e) => e.code))
    } else {
      const magic = await magicCode(c)
      if (magic && applicable.some((e) => e.code === magic)) code = magic
    }
    // a stored directive (`paylab force <code>`): only looked for when OPA-Auth's statement saw one pending
    const caller = c.get('opa')
    if (code === undefined && caller?.forceNext && takeForcedNext && applicable.length > 0)
      code = await takeForcedNext(
        caller.merchantId,
        applicable.map((e) => e.code),
        [routePath(c), c.req.path],
      )
    if (delayMs > 0) await sleep(delayMs)
    const forced = applicable.find((e) => e.code === code)
    if (forced) throw new PublishedError(forced)
    await next()
  }
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
