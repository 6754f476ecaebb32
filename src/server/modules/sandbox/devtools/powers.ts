import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { newOpaNonce, parseOpaAuthHeader } from '@/domain/opa-auth.ts'
import {
  curlCommand,
  isSignatureVerified,
  requestCurlData,
  requestLogData,
  requestLogQuerySchema,
  requestReplayData,
  resignedRequest,
} from '@/domain/sandbox-log.ts'
import { linkOrigin } from '../../../config.ts'
import type { AppDeps } from '../../../deps.ts'
import { nodeOpaCrypto } from '../auth/opa-crypto.ts'
import { requestLogView, requestRecorder } from '../request-log/request-log.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { requestLogRepo, type RequestLogRow } from '../../../store/request-log-repo.ts'
import { jsonIn, paramsIn, queryIn } from '../../../http/validator.ts'
import { sandboxRepo } from '../../../store/sandbox-repo.ts'
import { clockView, moveMerchantClock } from '../state/merchant-clock.ts'
import { SandboxClockRequestSchema } from '@/domain/opa-schemas.ts'
import { SandboxClockDataSchema } from '@/domain/opa-response-schemas.ts'
import { success } from '../../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../../http/bearer.ts'
import { merchantFor } from '../../../http/merchant-context.ts'
import { describe, type OperationDoc } from '../../../http/openapi.ts'
import { serveSandboxState } from '../state/routes.ts'

/** A portal call of the developer tools in `/openapi.json` (bearer, X-ASSUME-MERCHANT). */
const tool = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Developer tools', security: 'bearer', ...op })

const EntryParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^rq_[0-9a-f]{14,40}$/)) })

/**
 * The sandbox powers' portal calls (issue 14; docs/sandbox-powers.md): the signed-in developer's view of the
 * request log of the mode's merchant (bearer + X-ASSUME-MERCHANT, like every dashboard call), "copy as curl"
 * (signed on the server, now, with the merchant's key: the developer never handles the secret) and "replay"
 * (the same, sent into the sandbox itself; the answer is returned and logged as a new entry). Both only for an
 * entry whose signature verified when it came in (issue 20; docs/decisions/security-hardening.md).
 */
export function sandboxPowersRoutes(deps: AppDeps, dispatch: (request: Request) => Response | Promise<Response>, app = new Hono<AuthEnv>()) {
  const auth = requireUser(deps)
  const repo = requestLogRepo(deps.store.db)
  const recorder = requestRecorder(deps)
  /** This process may not have served the merchant yet: its clock offset comes from the store. */
  const loadOffset = async (merchantId: string) => deps.clock.setOffset(merchantId, await sandboxRepo(deps.store.db).clockOffset(merchantId))
  const origin = (c: Context) => linkOrigin(deps.config, c.req.url)

  const entry = paramsIn(EntryParamsSchema)
  const entryOf = async (c: Context<AuthEnv>, id: string) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    await recorder.settled()
    const row = await repo.find(merchant.id, id)
    if (!row) throw new ApiError('SANDBOX_LOG_ENTRY_NOT_FOUND')
    return row
  }

  /**
   * The key a rebuilt request is signed with: the one it used if still active, else the merchant's oldest. Only
   * for an entry whose own signature verified (issue 20): anyone who knows the API key can plant a wrongly signed
   * request in the log, and signing that anew would run it with the merchant's secret.
   */
  const signingKey = async (row: RequestLogRow) => {
    if (!isSignatureVerified(row)) throw new ApiError('SANDBOX_LOG_ENTRY_NOT_VERIFIED')
    // a sanitised entry (issue 22) no longer holds the request as sent: sending it again would be another request
    if (row.flags.includes('request-masked') || row.flags.includes('request-truncated') || row.flags.includes('sanitized'))
      throw new ApiError('SANDBOX_LOG_ENTRY_NOT_REPLAYABLE')
    const keys = await merchantRepo(deps.store.db).credentialsOf(row.merchantId)
    const key = keys.find((k) => k.apiKey === row.apiKey) ?? keys.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]
    if (!key) throw new ApiError('SANDBOX_LOG_ENTRY_NOT_REPLAYABLE')
    return key
  }

  /** The logged request signed anew (headers as logged, minus the old Authorization, acting for its merchant). */
  const rebuilt = async (row: RequestLogRow) => {
    const key = await signingKey(row)
    const { authorization: _old, ...headers } = row.requestHeaders
    return resignedRequest(nodeOpaCrypto, {
      method: row.method,
      pathWithQuery: row.path,
      body: row.requestBody,
      headers: { ...headers, 'x-assume-merchant': row.merchantId },
      apiKey: key.apiKey,
      apiSecret: key.apiSecret,
      nonce: newOpaNonce(),
      epochSeconds: Math.floor(deps.clock.nowMs() / 1000),
    })
  }

  const requests = { summary: "The mode's merchant's sandbox request log (X-ASSUME-MERCHANT), same filters", data: requestLogData }
  app.get('/requests', tool(requests), auth, queryIn(requestLogQuerySchema), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const query = c.req.valid('query')
    await recorder.settled()
    const rows = await repo.list(merchant.id, query)
    return success(c, { merchant_id: merchant.id, requests: rows.map(requestLogView) })
  })

  const curl = { summary: "A logged request as a curl command signed now with the merchant's key (valid ±120 s, once)", data: requestCurlData }
  app.get('/requests/:id/curl', tool(curl), auth, entry, async (c) => {
    const row = await entryOf(c, c.req.valid('param').id)
    const request = await rebuilt(row)
    const apiKey = parseOpaAuthHeader(request.headers.authorization)!.apiKey
    const signedAt = Number(parseOpaAuthHeader(request.headers.authorization)!.epoch) * 1000
    const validUntil = new Date(signedAt + limits.sandbox.authEpochWindowMs).toISOString()
    return success(c, { id: row.id, api_key: apiKey, curl: curlCommand(origin(c), request), valid_until: validUntil })
  })

  const replay = { summary: "Send a logged request again, signed anew; answers the sandbox's status and body", data: requestReplayData }
  app.post('/requests/:id/replay', tool(replay), auth, entry, async (c) => {
    const row = await entryOf(c, c.req.valid('param').id)
    const request = await rebuilt(row)
    const answer = await dispatch(new Request(`${new URL(c.req.url).origin}${request.pathWithQuery}`, request))
    const text = await answer.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: answered as text
    }
    return success(c, { id: row.id, status: answer.status, body })
  })

  // ── the merchant's sandbox clock, from the dashboard (same store and rules as /sandbox/api/clock) ─────────
  app.get('/clock', tool({ summary: "The mode's merchant's sandbox clock", data: SandboxClockDataSchema }), auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    await loadOffset(merchant.id)
    return success(c, clockView(deps, merchant.id))
  })
  const moveClock = {
    summary: "Move the mode's merchant's sandbox clock forward (advanceMs) or back to real time (reset); kept in the store",
    data: SandboxClockDataSchema,
  }
  app.post('/clock', tool(moveClock), auth, jsonIn(SandboxClockRequestSchema), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    await loadOffset(merchant.id)
    return success(c, await moveMerchantClock(deps, merchant.id, c.req.valid('json')))
  })

  // ── reset, snapshots and seed of the mode's merchant, from the dashboard (docs/sandbox-state.md) ───────────
  serveSandboxState(
    app,
    deps,
    { tag: 'Developer tools', security: 'bearer', who: "the mode's merchant, X-ASSUME-MERCHANT" },
    [auth],
    async (c) => (await merchantFor(deps, c, c.get('auth').user)).id,
    (c, data, status) => {
      const answer = success(c, data)
      return status ? new Response(answer.body, { status, headers: answer.headers }) : answer
    },
  )

  return app
}
