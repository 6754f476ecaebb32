import { isInternalHost } from '@/domain/merchant-urls.ts'
import { miniAppLimits, requestMethods } from '@/domain/miniapp-runtime.ts'
import type { BridgeError, BridgeErrorCode, MiniAppManifest } from '@/domain/miniapp/types.ts'
import { isPublicAddress, outboundFetch, type OutboundInit, type OutboundResponse, type Resolve, systemResolve } from '../../net/outbound.ts'
import { exampleServer } from './example-server.ts'

/**
 * pp.request through the portal (spec §3 "pp.request", §5 whitelist, §8 network errors). The mini app runs in a
 * sandboxed frame with `connect-src 'none'`; its requests come here and leave only:
 *
 *  - to an `https` host listed in the app's `whiteListDomains` (NONE_WHITELIST_DOMAIN otherwise), never to a host that
 *    is or resolves to a loopback, private, link-local or metadata address (NOT_REACHABLE, as the phone would see it).
 *    The host is resolved once and the connection goes to exactly the addresses checked (no DNS rebinding:
 *    net/outbound.ts);
 *  - for the example app, to nothing at all: its own server is simulated in-process (example-server.ts).
 *
 * Every §8 code arises where it would: a malformed URL (INVALID_URL), method (INVALID_METHOD), header (INVALID_HEADER),
 * data that cannot be sent (INVALID_DATA), no answer in time (TIME_OUT), no connection (NOT_REACHABLE), a status
 * outside 200–299 (STATUS_CODE_ERROR, with `statusCode`), a JSON answer that does not parse (INVALID_RESPONSE).
 * Redirects are not followed (a 3xx is a STATUS_CODE_ERROR). At most 256 KB of the answer is read.
 */
export type ProxyResult = { statusCode: number; data: unknown } | (BridgeError & { statusCode?: number })

export interface ProxyRequest {
  url: string
  method?: string | undefined
  header?: unknown
  data?: unknown
  network?: 'online' | 'slow' | undefined
}

export interface ProxyDeps {
  /** Sends the request to one of `addresses` (the host's, already checked), never resolving the host again. */
  fetch: (url: URL, init: OutboundInit & { redirect: 'manual' }, addresses: readonly { address: string }[]) => Promise<OutboundResponse>
  lookup: Resolve
  timeoutMs: number
  sleep: (ms: number) => Promise<void>
}

export const defaultProxyDeps: ProxyDeps = {
  fetch: (url, init, addresses) => outboundFetch(url, init, { resolve: () => Promise.resolve(addresses), allow: isPublicAddress }),
  lookup: systemResolve,
  timeoutMs: miniAppLimits.requestTimeoutMs,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

const fail = (errorCode: BridgeErrorCode, errorMessage: string, statusCode?: number): ProxyResult => ({
  errorCode,
  errorMessage,
  ...(statusCode === undefined ? {} : { statusCode }),
})

/** §8's messages as the wallet writes them. */
export const networkMessages = {
  INVALID_URL: 'invalid url',
  INVALID_METHOD: 'invalid method',
  INVALID_HEADER: 'invalid header',
  INVALID_DATA: 'invalid data',
  NONE_WHITELIST_DOMAIN: 'none whitelist domain',
  NOT_REACHABLE: 'networking not reachable',
  TIME_OUT: 'request time out',
  INVALID_RESPONSE: 'invalid response',
  statusCode: (status: number) => `none 200 status code ${status}`,
} as const

/** A whitelist entry as a bare lower-case host (`https://api.example.com/` → `api.example.com`). */
export const whitelistHost = (entry: string) =>
  entry
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//, '')
    .replace(/\/+$/, '')

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/
const refusedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'upgrade', 'keep-alive', 'te', 'trailer', 'proxy-authorization'])

function headersOf(header: unknown): Record<string, string> | undefined {
  if (header === undefined || header === null) return { 'content-type': 'application/json' }
  if (typeof header !== 'object' || Array.isArray(header)) return undefined
  const out: Record<string, string> = {}
  const entries = Object.entries(header)
  if (entries.length > 50) return undefined
  for (const [name, value] of entries) {
    if (!headerName.test(name) || refusedHeaders.has(name.toLowerCase())) return undefined
    if (typeof value !== 'string' && typeof value !== 'number') return undefined
    const text = String(value)
    if (text.length > 4096 || /[\r\n\0]/.test(text)) return undefined
    out[name.toLowerCase()] = text
  }
  out['content-type'] ??= 'application/json'
  return out
}

/** The URL and body the request is sent with: GET/DELETE put object data in the query, others send it as the body. */
function requestParts(url: URL, method: string, data: unknown, headers: Record<string, string>): { url: URL; body?: string } | undefined {
  if (data === undefined || data === null) return { url }
  if (method === 'GET' || method === 'DELETE') {
    if (typeof data === 'string') return { url }
    if (typeof data !== 'object' || Array.isArray(data)) return undefined
    const withQuery = new URL(url)
    for (const [k, value] of Object.entries(data)) withQuery.searchParams.set(k, typeof value === 'string' ? value : JSON.stringify(value))
    return { url: withQuery }
  }
  const body = typeof data === 'string' ? data : /json/i.test(headers['content-type'] ?? '') ? JSON.stringify(data) : undefined
  if (body === undefined || Buffer.byteLength(body) > miniAppLimits.maxRequestBodyBytes) return undefined
  return { url, body }
}

async function readAnswer(res: OutboundResponse): Promise<ProxyResult> {
  if (res.status < 200 || res.status > 299) {
    await res.body?.cancel().catch(() => undefined)
    return fail('STATUS_CODE_ERROR', networkMessages.statusCode(res.status), res.status)
  }
  const reader = res.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > miniAppLimits.maxResponseBytes) {
        await reader.cancel().catch(() => undefined)
        return fail('INVALID_RESPONSE', networkMessages.INVALID_RESPONSE)
      }
      chunks.push(value)
    }
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!/json/i.test(res.headers.get('content-type') ?? '')) return { statusCode: res.status, data: text }
  try {
    return { statusCode: res.status, data: JSON.parse(text) as unknown }
  } catch {
    return fail('INVALID_RESPONSE', networkMessages.INVALID_RESPONSE)
  }
}

/** One pp.request of an app (its manifest's whitelist); `example`: the app's server is the simulated one. */
export async function proxyRequest(
  app: { appId: string; manifest: MiniAppManifest | undefined },
  input: ProxyRequest,
  deps: ProxyDeps = defaultProxyDeps,
): Promise<ProxyResult> {
  let url: URL
  try {
    url = new URL(input.url)
  } catch {
    return fail('INVALID_URL', networkMessages.INVALID_URL)
  }
  if (url.protocol !== 'https:' || url.username || url.password) return fail('INVALID_URL', networkMessages.INVALID_URL)
  const method = (input.method ?? 'GET').toUpperCase()
  if (!requestMethods.some((m) => m === method)) return fail('INVALID_METHOD', networkMessages.INVALID_METHOD)
  const headers = headersOf(input.header)
  if (!headers) return fail('INVALID_HEADER', networkMessages.INVALID_HEADER)
  const host = url.hostname.toLowerCase()
  const whitelist = (app.manifest?.whiteListDomains ?? []).map(whitelistHost)
  if (!whitelist.includes(host)) return fail('NONE_WHITELIST_DOMAIN', networkMessages.NONE_WHITELIST_DOMAIN)
  const parts = requestParts(url, method, input.data, headers)
  if (!parts) return fail('INVALID_DATA', networkMessages.INVALID_DATA)
  if (input.network === 'slow') await deps.sleep(miniAppLimits.slowNetworkDelayMs)

  if (app.appId === 'example') {
    const answer = exampleServer(method, parts.url, parts.body)
    if (answer === 'timeout') return fail('TIME_OUT', networkMessages.TIME_OUT)
    return readAnswer(answer)
  }

  if (isInternalHost(host) || (url.port !== '' && url.port !== '443')) return fail('NOT_REACHABLE', networkMessages.NOT_REACHABLE)
  const signal = AbortSignal.timeout(deps.timeoutMs)
  try {
    const addresses = await deps.lookup(host)
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return fail('NOT_REACHABLE', networkMessages.NOT_REACHABLE)
    const res = await deps.fetch(parts.url, { method, headers, body: parts.body ?? null, redirect: 'manual', signal }, addresses)
    return await readAnswer(res)
  } catch (error) {
    if (signal.aborted || (error instanceof Error && error.name === 'TimeoutError')) return fail('TIME_OUT', networkMessages.TIME_OUT)
    return fail('NOT_REACHABLE', networkMessages.NOT_REACHABLE)
  }
}
