/**
 * OPA-Auth: the provider's HMAC request signature, `Authorization: hmac OPA-Auth:{apiKey}:{mac}:{nonce}:{epoch}:{hash}`.
 *
 *   hash = Base64(MD5(contentType ‖ body))            — both `empty` when there is no body
 *   mac  = Base64(HMAC-SHA256(secret, path \n method \n nonce \n epoch \n contentType \n hash))
 *
 * `path` is the request path without the query string. The secret is used as issued (its UTF-8 bytes), not
 * base64-decoded (only the user-authorization JWTs use the decoded secret).
 *
 * This module is the one place that knows the format. It is pure and runs anywhere: the two hash primitives
 * are injected as an {@link OpaCrypto}. The server passes node:crypto (`src/server/modules/sandbox/auth/opa-crypto.ts`).
 * The browser signs the lab's test-panel calls with WebCrypto's HMAC-SHA256 plus a small MD5 (WebCrypto has none):
 * `src/web/features/lab/web-signer.ts`, built on `bodyDigest`, `macMessage` and `formatOpaAuthHeader` here.
 */

export const opaAuthPrefix = 'hmac OPA-Auth:'
/** The literal used for contentType and hash when a request has no body. */
export const opaEmpty = 'empty'

export interface OpaCrypto {
  /** Base64 of MD5 over the concatenated UTF-8 parts. */
  md5Base64(parts: string[]): string
  /** Base64 of HMAC-SHA256(key, message), both UTF-8. */
  hmacSha256Base64(key: string, message: string): string
}

export interface OpaSignInput {
  apiKey: string
  apiSecret: string
  method: string
  /** Path or full URL; anything from `?` on is ignored. */
  path: string
  nonce: string
  /** Epoch seconds. */
  epoch: number | string
  /** The exact Content-Type header value sent; ignored when the body is empty. */
  contentType?: string | null
  /** The exact body text sent; empty or absent means no body. */
  body?: string | null
}

export interface OpaAuthHeader {
  apiKey: string
  mac: string
  nonce: string
  epoch: string
  hash: string
}

/** spec §7: the nonce is 6 random hex characters. */
export const opaNonceLength = 6
/**
 * The longest nonce the sandbox accepts (the provider's SDKs send 8 characters): a signed nonce is remembered for the
 * epoch window, in memory on PGlite, so its size is bounded like any other value from outside.
 */
export const opaNonceMaxLength = 64

/**
 * A fresh nonce as the portal sends it (spec §7: 6 random hex characters), from the platform's CSPRNG (WebCrypto's
 * `getRandomValues`, in browsers and Node alike). The sandbox refuses a nonce seen for the same key inside the
 * ±120 s window; 16.7 million values make a clash between one developer's calls in that window negligible.
 */
export function newOpaNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(opaNonceLength / 2)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The request path as signed: no query string, no fragment. */
export function signedPath(pathOrUrl: string): string {
  let path = pathOrUrl
  const scheme = path.indexOf('://')
  if (scheme >= 0) {
    const slash = path.indexOf('/', scheme + 3)
    path = slash >= 0 ? path.slice(slash) : '/'
  }
  const cut = path.search(/[?#]/)
  return cut >= 0 ? path.slice(0, cut) : path
}

/** contentType and hash as they go into the signature. */
export function bodyDigest(crypto: OpaCrypto, contentType: string | null | undefined, body: string | null | undefined) {
  if (body === undefined || body === null || body === '') return { contentType: opaEmpty, hash: opaEmpty }
  const type = contentType ?? ''
  return { contentType: type, hash: crypto.md5Base64([type, body]) }
}

/** The newline-joined string the MAC is computed over. */
export function macMessage(parts: { path: string; method: string; nonce: string; epoch: string; contentType: string; hash: string }) {
  return [signedPath(parts.path), parts.method.toUpperCase(), parts.nonce, parts.epoch, parts.contentType, parts.hash].join('\n')
}

export function formatOpaAuthHeader(h: OpaAuthHeader): string {
  return `${opaAuthPrefix}${h.apiKey}:${h.mac}:${h.nonce}:${h.epoch}:${h.hash}`
}

/** Builds the Authorization header value for a request. */
export function signOpaRequest(crypto: OpaCrypto, input: OpaSignInput): string {
  const epoch = String(input.epoch)
  const { contentType, hash } = bodyDigest(crypto, input.contentType, input.body)
  const mac = crypto.hmacSha256Base64(input.apiSecret, macMessage({ path: input.path, method: input.method, nonce: input.nonce, epoch, contentType, hash }))
  return formatOpaAuthHeader({ apiKey: input.apiKey, mac, nonce: input.nonce, epoch, hash })
}

/** Splits an Authorization header; undefined when it is not a well-formed OPA-Auth header. */
export function parseOpaAuthHeader(value: string | null | undefined): OpaAuthHeader | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (!trimmed.toLowerCase().startsWith(opaAuthPrefix.toLowerCase())) return undefined
  const parts = trimmed.slice(opaAuthPrefix.length).split(':')
  if (parts.length !== 5 || parts.some((p) => p === '')) return undefined
  const [apiKey, mac, nonce, epoch, hash] = parts as [string, string, string, string, string]
  if (!/^\d{1,12}$/.test(epoch)) return undefined
  if (nonce.length > opaNonceMaxLength) return undefined
  return { apiKey, mac, nonce, epoch, hash }
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length)
  let diff = a.length ^ b.length
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  return diff === 0
}

export type OpaVerifyFailure = 'MALFORMED' | 'BODY_HASH_MISMATCH' | 'BAD_SIGNATURE' | 'STALE_EPOCH'

export interface OpaVerifyInput {
  header: OpaAuthHeader
  apiSecret: string
  method: string
  path: string
  contentType?: string | null
  body?: string | null
  /** Server time in ms and the allowed distance of the request epoch from it. */
  nowMs: number
  windowMs: number
}

/**
 * Checks a parsed header against the request as received. Nonce reuse is not checked here (that needs
 * storage); the caller does it after the signature holds.
 */
export function verifyOpaRequest(crypto: OpaCrypto, input: OpaVerifyInput): { ok: true } | { ok: false; reason: OpaVerifyFailure } {
  const { header } = input
  const { contentType, hash } = bodyDigest(crypto, input.contentType, input.body)
  if (!constantTimeEqual(hash, header.hash)) return { ok: false, reason: 'BODY_HASH_MISMATCH' }
  const expected = crypto.hmacSha256Base64(
    input.apiSecret,
    macMessage({ path: input.path, method: input.method, nonce: header.nonce, epoch: header.epoch, contentType, hash }),
  )
  if (!constantTimeEqual(expected, header.mac)) return { ok: false, reason: 'BAD_SIGNATURE' }
  if (Math.abs(Number(header.epoch) * 1000 - input.nowMs) > input.windowMs) return { ok: false, reason: 'STALE_EPOCH' }
  return { ok: true }
}
