import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIPv4, isIPv6, type LookupFunction } from 'node:net'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { isInternalHost } from '@/domain/merchant-urls.ts'

/**
 * Outbound HTTP made on a merchant's or a mini app's behalf (webhook deliveries, pp.request), safe from DNS
 * rebinding. Checking a name's addresses and then calling `fetch` resolves the name twice: a name answering a
 * public address to the check and 127.0.0.1 to `fetch` would reach this machine. Here the name is resolved ONCE,
 * every address of that answer must pass the caller's policy, and the socket connects to one of exactly those
 * addresses (node:http/https with a `lookup` that only hands back the checked answer); TLS still verifies the
 * certificate against the URL's host name (SNI). A literal IP in the URL is judged the same way. Redirects are
 * never followed: a 3xx is answered as it is.
 */

/** A resolver: every address a host name has (dns.lookup `all: true`; tests pass a double). */
export type Resolve = (host: string) => Promise<readonly { address: string }[]>

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true })

/** The host resolves to no address, or to one the policy refuses: nothing was sent. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError'
  constructor(
    readonly host: string,
    readonly addresses: readonly string[],
  ) {
    super(`refused: ${host} resolves to ${addresses.length ? addresses.join(', ') : 'no address'}`)
  }
}

export interface OutboundPolicy {
  /** Every address the host resolves to must pass (one refused address refuses the request). */
  allow: (address: string) => boolean
  /** How the host is resolved, once per request (default: the system resolver). */
  resolve?: Resolve
  /** TLS: trust only this CA (a test's self-signed receiver); the system's CAs otherwise. */
  ca?: string
}

export interface OutboundInit {
  method: string
  headers: Record<string, string>
  body?: string | null
  /** Aborts the connection, the request and the reading of the answer (the caller's whole time budget). */
  signal: AbortSignal
}

/** What callers read of an answer; a `Response` is one too (test doubles answer with one). */
export type OutboundResponse = Pick<Response, 'status' | 'headers' | 'body'>

// ── addresses ──────────────────────────────────────────────────────────────────────────────────────────────

const bare = (address: string) =>
  address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')

/** The eight 16-bit words of a valid IPv6 address (a trailing dotted quad included). */
function ipv6Words(address: string): number[] {
  let text = address
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number]
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : [])
  const first = words(head)
  const last = words(tail)
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
}

const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(w: number[]): string | undefined {
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0)
  if (zero(0, 5) && w[5] === 0xffff) return ipv4Of(w[6]!, w[7]!) // ::ffff:a.b.c.d
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return ipv4Of(w[6]!, w[7]!) // ::ffff:0:a.b.c.d
  if (zero(0, 6)) return ipv4Of(w[6]!, w[7]!) // ::a.b.c.d (and :: and ::1)
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return ipv4Of(w[6]!, w[7]!) // 64:ff9b::/96
  if (w[0] === 0x2002) return ipv4Of(w[1]!, w[2]!) // 6to4
  return undefined
}

/**
 * May a request on someone else's behalf go to this address (as a resolver answers it)? Not loopback, private,
 * carrier-grade NAT, link-local (cloud metadata), unspecified, multicast or reserved IPv4 (`isInternalHost`), nor
 * unique-local, link-local, site-local, multicast or discard-only IPv6, nor an IPv6 form of a refused IPv4 address
 * (`::ffff:127.0.0.1`, `::127.0.0.1`, `64:ff9b::7f00:1`, `2002:7f00:1::`). Anything that is not an IP is refused.
 */
export function isPublicAddress(address: string): boolean {
  const a = bare(address)
  if (isIPv4(a)) return !isInternalHost(a)
  if (!isIPv6(a)) return false
  const w = ipv6Words(a)
  const v4 = embeddedIpv4(w)
  if (v4 !== undefined) return !isInternalHost(v4)
  const top = w[0]!
  if (top === 0x64 && w[1] === 0xff9b && w[2] === 1) return false // local-use NAT64
  if (top === 0x100 && w.slice(1, 4).every((x) => x === 0)) return false // discard-only
  if ((top & 0xfe00) === 0xfc00) return false // unique local fc00::/7
  if ((top & 0xffc0) === 0xfe80 || (top & 0xffc0) === 0xfec0) return false // link-local, site-local
  return (top & 0xff00) !== 0xff00 // multicast
}

/** This machine: 127.0.0.0/8, ::1, or 127.0.0.0/8 written as IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const a = bare(address)
  if (isIPv4(a)) return a.startsWith('127.')
  if (!isIPv6(a)) return false
  const w = ipv6Words(a)
  if (w.slice(0, 7).every((x) => x === 0) && w[7] === 1) return true
  const v4 = w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff ? ipv4Of(w[6]!, w[7]!) : undefined
  return v4?.startsWith('127.') ?? false
}

const familyOf = (address: string) => (isIPv6(address) ? 6 : 4)

/** Resolves the host once (or takes its literal address) and checks every address; aborts with the signal. */
async function checkedAddresses(host: string, policy: OutboundPolicy, signal: AbortSignal): Promise<string[]> {
  if (isIPv4(host) || isIPv6(host)) {
    if (!policy.allow(host)) throw new RefusedAddressError(host, [host])
    return [host]
  }
  signal.throwIfAborted()
  let onAbort = () => undefined as void
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  const answer = await Promise.race([(policy.resolve ?? systemResolve)(host), aborted]).finally(() => signal.removeEventListener('abort', onAbort))
  const addresses = answer.map((a) => a.address)
  if (addresses.length === 0 || !addresses.every((a) => policy.allow(a))) throw new RefusedAddressError(host, addresses)
  return addresses
}

/** A lookup that answers only `addresses` (already checked) and only for `host`: the socket cannot go elsewhere. */
function pinnedLookup(host: string, addresses: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== host) return void callback(new RefusedAddressError(hostname, []) as NodeJS.ErrnoException, '', 4)
    const wanted = addresses.filter((a) => !options.family || familyOf(a) === options.family)
    if (wanted.length === 0) return void callback(new RefusedAddressError(hostname, addresses) as NodeJS.ErrnoException, '', 4)
    if (options.all) {
      const all = wanted.map((address) => ({ address, family: familyOf(address) }))
      return void callback(null, all)
    }
    callback(null, wanted[0]!, familyOf(wanted[0]!))
  }
}

// ── the request ────────────────────────────────────────────────────────────────────────────────────────────

/** The answer's body, decoded as `fetch` would (gzip, deflate, br), read as a web stream with back-pressure. */
function bodyOf(res: IncomingMessage, method: string): ReadableStream<Uint8Array<ArrayBuffer>> | null {
  if (method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) {
    res.resume()
    return null
  }
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined
  let source: Readable = res
  if (decoder) {
    res.on('error', (error) => decoder.destroy(error))
    decoder.on('close', () => res.destroy())
    source = res.pipe(decoder)
  }
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(controller) {
        // once the reader cancelled, the stream is closed: nothing more may be enqueued or closed
        const guard = (step: () => void) => {
          try {
            step()
          } catch {
            source.destroy()
          }
        }
        source.on('data', (chunk: Buffer) =>
          guard(() => {
            controller.enqueue(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength))
            if ((controller.desiredSize ?? 0) <= 0) source.pause()
          }),
        )
        source.on('end', () => guard(() => controller.close()))
        source.on('error', (error) => guard(() => controller.error(error)))
        source.pause()
      },
      pull() {
        source.resume()
      },
      cancel() {
        source.destroy()
        res.destroy()
      },
    },
    { highWaterMark: 4 },
  )
}

/**
 * One request, made as the policy allows: the host resolved once, every address checked, the connection to one
 * of exactly those addresses. Answers any status as it is (3xx included: no redirect is followed); rejects with
 * `RefusedAddressError` before anything is sent, with the signal's reason when it aborts (also while the body is
 * read), or with the socket's error.
 */
export async function outboundFetch(input: URL | string, init: OutboundInit, policy: OutboundPolicy): Promise<OutboundResponse> {
  const url = typeof input === 'string' ? new URL(input) : input
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`unsupported protocol ${url.protocol}`)
  const { signal } = init
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = await checkedAddresses(host, policy, signal)
  signal.throwIfAborted()
  const body = init.body ?? undefined
  const headers: Record<string, string> = { accept: '*/*', ...init.headers }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest

  return new Promise<OutboundResponse>((resolve, reject) => {
    let res: IncomingMessage | undefined
    const onAbort = () => {
      const reason = signal.reason as Error
      req.destroy(reason)
      res?.destroy(reason)
    }
    const req = request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers,
      agent: false, // a fresh connection per request, never one pooled for another address
      lookup: pinnedLookup(host, addresses),
      ...(policy.ca ? { ca: policy.ca } : {}),
    })
    signal.addEventListener('abort', onAbort, { once: true })
    const done = () => signal.removeEventListener('abort', onAbort)
    req.on('error', (error) => {
      done()
      reject(error)
    })
    req.once('response', (answer) => {
      res = answer
      answer.once('close', done)
      const responseHeaders = new Headers()
      for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
        try {
          responseHeaders.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!)
        } catch {
          // a header a web Headers object cannot hold is dropped, as fetch drops it
        }
      }
      resolve({ status: answer.statusCode ?? 0, headers: responseHeaders, body: bodyOf(answer, init.method.toUpperCase()) })
    })
    req.end(body)
  })
}
