import type { Context, MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import * as v from 'valibot'
import { parseOpaAuthHeader } from '@/domain/opa-auth.ts'
import {
  isSignatureVerified,
  loggedHeaders,
  requestLogLimits,
  maskAuthorization,
  maskBodyParsed,
  resolverPath,
  signatureVerifiedFlag,
  successCodes,
} from '@/domain/sandbox-log.ts'
import type { AppDeps } from '../../../deps.ts'
import { parsedBody } from '../../../http/validator.ts'
import { requestLogRepo, type RequestLogRow } from '../../../store/request-log-repo.ts'
import { requestLogWriter } from './writer.ts'
import type { OpaEnv } from '../auth/opa-auth.ts'

const ResultInfoSchema = v.object({
  resultInfo: v.object({ code: v.pipe(v.string(), v.maxLength(64)), codeId: v.optional(v.pipe(v.string(), v.maxLength(32))) }),
})

/** The answer's resultInfo code (`parsed`: the answer's JSON, undefined when it is not JSON — a redirect, an empty 204). */
function resultInfoOf(parsed: unknown): { code: string | null; codeId: string | null } {
  const checked = v.safeParse(ResultInfoSchema, parsed)
  if (checked.success) return { code: checked.output.resultInfo.code, codeId: checked.output.resultInfo.codeId ?? null }
  return { code: null, codeId: null }
}

/**
 * The sandbox request log (issue 14; docs/sandbox-powers.md). Put before OPA-Auth on a route: after the answer
 * is ready it records, for the merchant the request acted for (or, when OPA-Auth refused it, the merchant of its
 * key), method, path, status, resultInfo code, latency, kept headers and masked bodies. The request does not wait:
 * entries are buffered and written together at most `flushDelayMs` later (one insert for all of them), so the
 * log costs a busy sandbox one write per flush rather than one per request. Entries still buffered when the
 * process stops are lost (a sandbox log, not a ledger); how one bad entry or a backlog is handled:
 * `requestLogWriter` (issue 22).
 */
export function requestRecorder(deps: AppDeps) {
  let recorder = recorders.get(deps)
  if (!recorder) {
    recorder = newRecorder(deps)
    recorders.set(deps, recorder)
  }
  return recorder
}

const recorders = new WeakMap<AppDeps, ReturnType<typeof newRecorder>>()

/**
 * How many refused (unverified) requests are written per merchant per minute in this process (issue 33): beyond
 * `unverifiedPerMinute` they are counted, not written, and the count is logged once when the minute ends. Together
 * with their own pool in the store (`unverifiedPerMerchant`), a flood signed with a known key but a wrong secret
 * costs neither the merchant's verified entries nor the database a write per request.
 */
export function unverifiedRate(nowMs: () => number, log: AppDeps['log'], perMinute = requestLogLimits.unverifiedPerMinute) {
  const windows = new LRUCache<string, { startMs: number; count: number }>({ max: 10_000 })
  return (merchantId: string): boolean => {
    const now = nowMs()
    let window = windows.get(merchantId)
    if (!window || now - window.startMs >= 60_000) {
      if (window && window.count > perMinute)
        log.warn('request log: unverified requests over the rate were not written', { merchantId, skipped: window.count - perMinute, perMinute })
      window = { startMs: now, count: 0 }
      windows.set(merchantId, window)
    }
    window.count += 1
    return window.count <= perMinute
  }
}

/**
 * The answer's text, for the log. A JSON answer (every OPA answer) is read once and the answer rebuilt around the
 * same text, so that @hono/node-server still writes it as a plain string (issue 22: reading a copy turned every
 * answer into a stream). Hono's `c.res = …` would build the new answer from the old one's stream, so the old one is
 * let go first. Any other answer (a redirect, an empty 204) is read from a copy.
 */
async function takeAnswerText(c: Context): Promise<string> {
  const res = c.res
  if (!res.headers.get('content-type')?.includes('json')) return res.clone().text()
  const text = await res.text()
  c.res = undefined
  c.res = new Response(text, { status: res.status, headers: res.headers })
  return text
}

function newRecorder(deps: AppDeps) {
  /** Entries being built (bodies read after the answer); the queue of entries waiting for their write (bounded). */
  const building = new Set<Promise<void>>()
  const { enqueue, flush } = requestLogWriter(requestLogRepo(deps.store.db), deps.log)
  // wall time, not the sandbox clock: a merchant's frozen or moved clock must not open or close the window
  const unverifiedAllowed = unverifiedRate(() => performance.now(), deps.log)

  const record: MiddlewareHandler<OpaEnv> = async (c, next) => {
    const started = performance.now()
    const atMs = deps.clock.nowMs()
    await next()
    const opa = c.get('opa')
    const refused = c.get('opaRefused')
    const owner = opa ? { merchantId: opa.merchantId, apiKey: opa.apiKey } : refused
    if (!owner) return
    if (refused && !unverifiedAllowed(refused.merchantId)) return
    const latencyMs = Math.round(performance.now() - started)
    const status = c.res.status
    const responseText = await takeAnswerText(c)
    const rawAuthorization = c.req.header('authorization')
    const requestHeaders: Record<string, string> = {}
    for (const name of loggedHeaders) {
      const value = c.req.header(name)
      if (value !== undefined) requestHeaders[name] = value.slice(0, 256)
    }
    const method = c.req.method
    const url = c.req.url
    // the body is asked for now (OPA-Auth has read it already: Hono keeps it), before the answer ends the request;
    // a GET has none (reading it would build the whole Request object for nothing)
    const requestBody = method === 'GET' || method === 'HEAD' ? undefined : parsedBody(c)
    // the rest (masking, parsing) once the answer is on its way
    const build = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        const authorization = maskAuthorization(parseOpaAuthHeader(rawAuthorization), rawAuthorization)
        if (authorization) requestHeaders.authorization = authorization
        // parsed once for the whole request (the validator and the directives read the same value)
        const body = await requestBody
        const { parsed: _request, ...request } = body ? maskBodyParsed(body.text, body) : maskBodyParsed('')
        const text = await responseText
        const { parsed, ...responseBody } = maskBodyParsed(text)
        const flags = [
          // OPA-Auth accepted it (the only entries that may be signed again: see signatureVerifiedFlag)
          ...(opa && !refused ? [signatureVerifiedFlag] : []),
          ...(request.masked ? ['request-masked'] : []),
          ...(request.truncated ? ['request-truncated'] : []),
          ...(responseBody.masked ? ['response-masked'] : []),
          ...(responseBody.truncated ? ['response-truncated'] : []),
        ]
        const u = new URL(url)
        enqueue({
          merchantId: owner.merchantId,
          apiKey: owner.apiKey,
          atMs,
          method,
          path: (u.pathname + u.search).slice(0, 2048),
          status,
          ...resultInfoOf(parsed),
          latencyMs,
          requestHeaders,
          requestBody: request.text,
          responseBody: responseBody.text,
          flags,
          authFailure: refused?.explanation ?? null,
        })
      })
      .catch((error: unknown) => deps.log.error('request log entry failed', { error: String(error) }))
    building.add(build)
    void build.finally(() => building.delete(build))
  }

  /** Writes what this process has recorded so far, now (the list calls await it, so a client sees its own requests). */
  const settled = async () => {
    await Promise.all([...building])
    await flush()
  }
  return { record, settled }
}

/** One log entry as the list calls answer it (the OPA call and the portal's). */
export function requestLogView(row: RequestLogRow) {
  const apiName = `${row.method} ${row.path.split('?')[0]}`
  return {
    id: row.id,
    at: new Date(row.atMs).toISOString(),
    api_key: row.apiKey,
    method: row.method,
    path: row.path,
    status: row.status,
    code: row.code,
    code_id: row.codeId,
    latency_ms: row.latencyMs,
    request_headers: row.requestHeaders,
    request_body: row.requestBody,
    response_body: row.responseBody,
    flags: row.flags,
    signature_verified: isSignatureVerified(row),
    auth_failure: row.authFailure
      ? {
          reason: row.authFailure.reason,
          received_header: row.authFailure.receivedHeader,
          expected_string_to_sign: row.authFailure.expectedStringToSign,
          expected_body_hash: row.authFailure.expectedBodyHash,
          received_body_hash: row.authFailure.receivedBodyHash,
          epoch_skew_ms: row.authFailure.epochSkewMs,
          allowed_skew_ms: row.authFailure.allowedSkewMs,
          assumed_merchant: row.authFailure.assumedMerchant ?? null,
        }
      : null,
    resolver_path: row.code && !successCodes.has(row.code) ? resolverPath(apiName, row.code, row.codeId) : null,
  }
}
