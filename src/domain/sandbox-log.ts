import * as v from 'valibot'
import { bodyDigest, formatOpaAuthHeader, macMessage, signOpaRequest, type OpaAuthHeader, type OpaCrypto } from './opa-auth.ts'

/**
 * The sandbox request log and signature debugger (issue 14; docs/sandbox-powers.md): what is kept of each signed
 * sandbox request, what is masked, how the log is filtered, and the pure helpers behind "copy as curl" and the
 * debugger's explanation of a refused OPA-Auth header.
 */

export const requestLogLimits = {
  /** Verified entries (OPA-Auth accepted them) kept per merchant; older ones are deleted after each write. */
  perMerchant: 200,
  /**
   * Unverified entries (OPA-Auth refused them: wrong secret, stale epoch, revoked key) kept per merchant, in a pool
   * of their own (issue 33): the key travels in every Authorization header and curl command, so someone holding it
   * but not the secret must not be able to push a merchant's real requests out of the log. The newest 20 are enough
   * to debug one's own signature.
   */
  unverifiedPerMerchant: 20,
  /** Unverified entries recorded per merchant per minute in one process; beyond it they are counted, not written. */
  unverifiedPerMinute: 60,
  /** Request and response bodies are kept up to this many characters (longer ones are cut and flagged). */
  bodyChars: 8 * 1024,
  /** Entries are buffered after the answer and written together this much later, or at once when this many wait. */
  flushDelayMs: 250,
  bufferedEntries: 100,
  /**
   * At most this many entries wait in one process for their write (issue 22): when writes fall behind, the oldest
   * waiting entries are dropped (the newest are what a developer looks at; the log keeps a merchant's newest anyway),
   * counted, and the count logged once per written batch.
   */
  maxQueuedEntries: 2000,
  /** Page size of a list call. */
  defaultPage: 50,
  maxPage: 200,
}

export const maskedValue = '[masked]'

/**
 * Secret by name: a field whose name says secret, password, token, one-time code, card number or CVV, or phone
 * number. OPA request bodies carry none of these (the API secret never travels; ids such as userAuthorizationId
 * are useless without it), so requests are normally kept as sent and can be replayed; a masked request cannot.
 */
const secretKey = /(secret|password|passwd|token|otp|cvv|cvc|card_?number|phone)/i

function maskValue(value: unknown, depth: number): { value: unknown; masked: boolean } {
  if (depth > 16) return { value: maskedValue, masked: true }
  // copied only where something is masked: an unmasked value comes back as it came (issue 22: the request log
  // copied every body)
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    value.forEach((item: unknown, i) => {
      const r = maskValue(item, depth + 1)
      if (r.masked) (out ??= value.slice())[i] = r.value
    })
    return out ? { value: out, masked: true } : { value, masked: false }
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined
    for (const [key, item] of Object.entries(value)) {
      if (secretKey.test(key) && item !== null && item !== '') (out ??= { ...value })[key] = maskedValue
      else {
        const r = maskValue(item, depth + 1)
        if (r.masked) (out ??= { ...value })[key] = r.value
      }
    }
    return out ? { value: out, masked: true } : { value, masked: false }
  }
  return { value, masked: false }
}

/** A body as kept in the log: secret fields masked, cut to `bodyChars`. Non-JSON text is kept (cut) as is. */
export function maskBody(text: string): { text: string; masked: boolean; truncated: boolean } {
  const { parsed: _parsed, ...kept } = maskBodyParsed(text)
  return kept
}

/** `maskBody`, and the body's JSON as parsed on the way (undefined when it is not JSON), so a caller parses it once. */
export function maskBodyParsed(
  text: string,
  /** The text's JSON when the caller has parsed it already (`invalid`: it is not JSON). */
  known?: { value?: unknown; invalid?: true },
): { text: string; masked: boolean; truncated: boolean; parsed: unknown } {
  let out = text
  let masked = false
  let parsed: unknown
  if (text !== '' && !known?.invalid) {
    try {
      parsed = known ? known.value : JSON.parse(text)
      const result = maskValue(parsed, 0)
      if (result.masked) {
        out = JSON.stringify(result.value)
        masked = true
      }
    } catch {
      // not JSON: kept as text
    }
  }
  const truncated = out.length > requestLogLimits.bodyChars
  return { text: truncated ? out.slice(0, requestLogLimits.bodyChars) : out, masked, truncated, parsed }
}

/**
 * Written in an entry's flags by the recorder when OPA-Auth accepted the request (its MAC verified with the key's
 * secret). Only such an entry may be signed again (copy as curl, replay): an unverified one — refused, unsigned,
 * or written before the flag existed — came from someone who may know the API key but not the secret, and the
 * server signing it would lend them the secret (issue 20). The signature debugger still shows it.
 */
export const signatureVerifiedFlag = 'signature-verified'

/** Whether an entry may be signed anew and sent (copy as curl, replay): its own signature verified. */
export const isSignatureVerified = (entry: { flags: readonly string[]; authFailure?: unknown }) =>
  entry.flags.includes(signatureVerifiedFlag) && !entry.authFailure

/**
 * The query string of a logged path as name/value pairs (shown apart in the log: the provider's signature covers
 * the path without its query, so a flag such as agreeSimilarTransaction=true can be added in flight).
 */
export function queryOfPath(path: string): Array<[string, string]> {
  const at = path.indexOf('?')
  if (at < 0) return []
  return [...new URLSearchParams(path.slice(at + 1)).entries()]
}

/**
 * What PostgreSQL refuses in text and jsonb (issue 22): the NUL character (text cannot hold it, jsonb refuses its
 * `\u0000` escape) and lone UTF-16 surrogates (not text at all; jsonb refuses their escapes). Each becomes U+FFFD.
 */
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
export const replacementCharacter = '\uFFFD'
const unstorableOne = new RegExp(unstorable.source)

/** Whether `storableValue` would change anything in `item` (the same walk, without building a copy). */
function holdsUnstorable(item: unknown, depth: number): boolean {
  if (typeof item === 'string') return unstorableOne.test(item)
  if (depth > 32 || item === null || typeof item !== 'object') return false
  if (Array.isArray(item)) return item.some((x) => holdsUnstorable(x, depth + 1))
  if (Object.getPrototypeOf(item) !== Object.prototype) return false
  for (const [k, x] of Object.entries(item)) if (unstorableOne.test(k) || holdsUnstorable(x, depth + 1)) return true
  return false
}

/** `value` with every string in it (object keys too) made storable; `changed` when any was not. */
export function storableValue<T>(value: T): { value: T; changed: boolean } {
  // the usual entry has nothing to change: looked through without copying it (issue 22)
  if (!holdsUnstorable(value, 0)) return { value, changed: false }
  let changed = false
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      const safe = item.replace(unstorable, replacementCharacter)
      if (safe !== item) changed = true
      return safe
    }
    if (depth > 32 || item === null || typeof item !== 'object') return item
    if (Array.isArray(item)) return item.map((x) => walk(x, depth + 1))
    if (Object.getPrototypeOf(item) !== Object.prototype) return item
    return Object.fromEntries(Object.entries(item).map(([k, x]) => [walk(k, depth + 1), walk(x, depth + 1)]))
  }
  const out = walk(value, 0) as T
  return { value: changed ? out : value, changed }
}

/**
 * A log entry as it can be written: every text and JSON field (path, headers, bodies, the auth-failure explanation…)
 * made storable, and the flag `sanitized` added when anything had to change (a replay then sends the changed text).
 */
export function storableLogEntry<T extends { flags: string[] }>(entry: T): T {
  const { value, changed } = storableValue(entry)
  return changed ? { ...value, flags: [...value.flags, 'sanitized'] } : entry
}

/** The request headers worth keeping (never cookies or bearer tokens); the OPA-Auth MAC is masked. */
export const loggedHeaders = ['content-type', 'x-assume-merchant', 'x-sandbox-force', 'x-sandbox-delay-ms', 'x-sandbox-cancel', 'accept-language']

export function maskAuthorization(header: OpaAuthHeader | undefined, raw: string | undefined): string | undefined {
  if (header) return formatOpaAuthHeader({ ...header, mac: maskedValue })
  return raw === undefined ? undefined : maskedValue
}

/** Why OPA-Auth refused a request of a known key (debugger; shown to the key's merchant only). */
export type OpaFailureReason = 'UNKNOWN_KEY' | 'STALE_EPOCH' | 'NONCE_REUSED' | 'BODY_HASH_MISMATCH' | 'BAD_SIGNATURE' | 'ASSUMED_MERCHANT'

export interface OpaFailureExplanation {
  reason: OpaFailureReason
  /** The Authorization header as it came in (complete: the owner sees what their client sent). */
  receivedHeader: string
  /** The exact newline-joined string the server computed the MAC over (contains no secret). */
  expectedStringToSign: string
  /** contentType and body hash the server computed from what it received, beside the header's hash. */
  expectedBodyHash: string
  receivedBodyHash: string
  /** Request epoch minus server time, ms (positive: the client's clock is ahead). */
  epochSkewMs: number
  allowedSkewMs: number
  /** The merchant X-ASSUME-MERCHANT asked for (ASSUMED_MERCHANT only). */
  assumedMerchant?: string
}

/** What the server expected of a request signed with `header` (the expected MAC itself is never shown). */
export function opaExpectation(
  crypto: OpaCrypto,
  input: { header: OpaAuthHeader; method: string; path: string; contentType?: string | null; body?: string | null; nowMs: number },
) {
  const { contentType, hash } = bodyDigest(crypto, input.contentType, input.body)
  return {
    expectedStringToSign: macMessage({ path: input.path, method: input.method, nonce: input.header.nonce, epoch: input.header.epoch, contentType, hash }),
    expectedBodyHash: hash,
    receivedBodyHash: input.header.hash,
    epochSkewMs: Number(input.header.epoch) * 1000 - input.nowMs,
  }
}

/** Filters of the list calls (`GET /sandbox/api/requests`, the portal's list): all optional, all bounded. */
const digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.maxValue(max))
export const requestLogQuerySchema = v.object({
  status: v.optional(digits(599)),
  code: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9_]{1,64}$/))),
  path: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** Only entries at or after / before this time, epoch ms. */
  from: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  to: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  /** Only failed OPA-Auth (debugger entries). */
  auth_failed: v.optional(v.picklist(['true', 'false'])),
  limit: v.optional(v.pipe(digits(requestLogLimits.maxPage), v.minValue(1))),
})
export type RequestLogQuery = v.InferOutput<typeof requestLogQuerySchema>

/**
 * A logged request rebuilt to be sent again: signed now with the merchant's key (fresh nonce and epoch), so it is
 * valid for the OPA-Auth epoch window (±120 s) and once (the nonce). A body's content-type defaults to JSON.
 */
export function resignedRequest(
  crypto: OpaCrypto,
  input: {
    method: string
    /** Path with query, as the original request had it. */
    pathWithQuery: string
    body: string
    /** Headers to send besides Authorization (lower-case names). */
    headers: Record<string, string>
    apiKey: string
    apiSecret: string
    nonce: string
    epochSeconds: number
  },
) {
  const hasBody = input.body !== ''
  const headers = { ...input.headers }
  if (hasBody) headers['content-type'] ??= 'application/json'
  else delete headers['content-type']
  headers.authorization = signOpaRequest(crypto, {
    apiKey: input.apiKey,
    apiSecret: input.apiSecret,
    method: input.method,
    path: input.pathWithQuery,
    nonce: input.nonce,
    epoch: input.epochSeconds,
    contentType: headers['content-type'],
    body: hasBody ? input.body : undefined,
  })
  return { method: input.method.toUpperCase(), pathWithQuery: input.pathWithQuery, headers, body: hasBody ? input.body : undefined }
}

/** A shell word in single quotes (a quote inside becomes '\''). */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** The curl command of a rebuilt request (runs as is in a POSIX shell). */
export function curlCommand(origin: string, request: ReturnType<typeof resignedRequest>): string {
  const parts = [`curl -sS -X ${request.method} ${shellQuote(origin + request.pathWithQuery)}`]
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  if (request.body !== undefined) parts.push(`--data-raw ${shellQuote(request.body)}`)
  return parts.join(' \\\n  ')
}

/** The portal's resolver page for an answer's code (built by the lab: `/develop/resolve`). */
export function resolverPath(apiName: string, code: string, codeId: string | null): string {
  const query = new URLSearchParams({ api_name: apiName, code, ...(codeId ? { code_id: codeId } : {}) })
  return `/develop/resolve?${query.toString()}`
}

/** Codes that are not an error: no resolver link. */
export const successCodes = new Set(['SUCCESS', 'REQUEST_ACCEPTED', 'OK'])

/** One entry as `GET /sandbox/api/requests` and the portal's list answer it (the web client parses with it). */
export const requestLogEntrySchema = v.object({
  id: v.string(),
  at: v.string(),
  api_key: v.string(),
  method: v.string(),
  path: v.string(),
  status: v.number(),
  code: v.nullable(v.string()),
  code_id: v.nullable(v.string()),
  latency_ms: v.number(),
  request_headers: v.record(v.string(), v.string()),
  request_body: v.string(),
  response_body: v.string(),
  flags: v.array(v.string()),
  /** OPA-Auth accepted the request: only then can it be copied as curl or replayed. */
  signature_verified: v.boolean(),
  auth_failure: v.nullable(
    v.object({
      reason: v.picklist(['UNKNOWN_KEY', 'STALE_EPOCH', 'NONCE_REUSED', 'BODY_HASH_MISMATCH', 'BAD_SIGNATURE', 'ASSUMED_MERCHANT']),
      received_header: v.string(),
      expected_string_to_sign: v.string(),
      expected_body_hash: v.string(),
      received_body_hash: v.string(),
      epoch_skew_ms: v.number(),
      allowed_skew_ms: v.number(),
      assumed_merchant: v.nullable(v.string()),
    }),
  ),
  resolver_path: v.nullable(v.string()),
})
export type RequestLogEntry = v.InferOutput<typeof requestLogEntrySchema>

export const requestLogData = v.object({ merchant_id: v.string(), requests: v.array(requestLogEntrySchema) })
export const requestLogOpaData = v.object({ merchantId: v.string(), requests: v.array(requestLogEntrySchema) })
export const requestLogParams = v.object({ id: v.string() })
export const requestCurlData = v.object({ id: v.string(), api_key: v.string(), curl: v.string(), valid_until: v.string() })
export const requestReplayData = v.object({ id: v.string(), status: v.number(), body: v.unknown() })
