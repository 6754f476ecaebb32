/**
 * URLs a merchant supplies (a code's redirectUrl, the user-authorization redirect) are checked here, once, by
 * the API and again by the wallet before it renders or follows one (a value stored before the check existed
 * must stay inert). The check runs on what a browser would make of the value: the WHATWG URL parser drops
 * tabs and newlines anywhere and spaces/control characters at the ends, lower-cases the scheme and
 * decodes nothing else — so `"\tjava\nscript:"`, `" JavaScript:"` and `"\u0001javascript:"` are all
 * `javascript:` to it. PayLab refuses any control character outright and judges the parsed scheme.
 */

/** Schemes that run script or read local data in a browser or a webview: never a redirect, in any spelling. */
export const forbiddenSchemes = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'filesystem:', 'about:'] as const

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]']
// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const appScheme = /^[a-z][a-z0-9+.-]*:$/

export type RedirectKind = 'WEB_LINK' | 'APP_DEEP_LINK'

/** The value parsed the way a browser parses it; undefined if it is not an absolute URL or hides control characters. */
function parse(value: string): URL | undefined {
  if (controlCharacters.test(value) || value.trim() !== value) return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const isWebLink = (url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.includes(url.hostname))

/**
 * The URL to send a payer to, normalised (`URL.href`), or undefined when it must not be used:
 * `WEB_LINK` is https (http only on this machine, for local development); `APP_DEEP_LINK` is an app's own
 * scheme (`myshop://…`) or an https universal link; nothing that could become script.
 */
export function safeRedirectUrl(value: string | null | undefined, kind: RedirectKind = 'WEB_LINK'): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined
  const url = parse(value)
  if (!url || (forbiddenSchemes as readonly string[]).includes(url.protocol)) return undefined
  if (kind === 'WEB_LINK') return isWebLink(url) ? url.href : undefined
  if (url.protocol === 'https:') return url.href
  return appScheme.test(url.protocol) && url.protocol !== 'http:' ? url.href : undefined
}

export const isSafeRedirectUrl = (value: string, kind: RedirectKind = 'WEB_LINK') => safeRedirectUrl(value, kind) !== undefined

// ── server-side requests (webhooks): addresses the sandbox must not call itself ────────────────────────────

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** 127/8, 0/8, 10/8, 100.64/10, 169.254/16 (link-local, cloud metadata), 172.16/12, 192.168/16, 198.18/15, multicast and above. */
function isInternalIpv4(address: string): boolean {
  const m = ipv4.exec(address)
  if (!m) return false
  const [a, b] = [Number(m[1]), Number(m[2])]
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  )
}

/**
 * An address or host name a server must not send requests to on a merchant's behalf: loopback, private,
 * carrier-grade NAT, link-local (169.254.169.254 is the cloud metadata service), unique-local IPv6, IPv4-mapped
 * forms of those, and the names that mean this machine or a metadata service. Takes a URL's `hostname` (IPv6 in
 * brackets) or a bare address as a resolver returns it.
 */
export function isInternalHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.internal') || h.endsWith('.local') || h === 'metadata' || h === 'instance-data') return true
  if (ipv4.test(h)) return isInternalIpv4(h)
  if (!h.includes(':')) return false
  if (h === '::' || h === '::1') return true
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h)
  if (mapped) return isInternalIpv4(mapped[1]!)
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(h)) return true
  return /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h) || /^ff/.test(h)
}

/** This machine only (local development): what the forwarder reaches for the sandbox. */
export const isLoopbackHost = (host: string) => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h)
}

/**
 * How a webhook to a URL on this machine (`localhost`, 127.0.0.0/8, ::1) is delivered, by the address the server
 * listens on (HOST). `direct`: the server listens on loopback only (the default 127.0.0.1) and PUBLIC_ORIGIN, if
 * set, is on this machine too, so only this machine's own developer can set such a URL and the sandbox posts to it
 * itself. WEBHOOK_LOCAL_DELIVERY=forwarder forces the shared behaviour. `forwarder`: a shared server (HOST 0.0.0.0 or
 * a network address) never posts to loopback — that would reach the server's own machine on a stranger's behalf —
 * and `npm run sandbox:forward` on the developer's machine delivers it (docs/webhooks.md).
 */
export type LocalWebhookDelivery = 'direct' | 'forwarder'
export function localWebhookDelivery(server: {
  host: string
  publicOrigin?: string | undefined
  webhookLocalDeliveryForwarder?: boolean
}): LocalWebhookDelivery {
  if (server.webhookLocalDeliveryForwarder || !isLoopbackHost(server.host)) return 'forwarder'
  // behind a proxy on the same machine HOST stays 127.0.0.1, but a public PUBLIC_ORIGIN says the server is shared
  if (server.publicOrigin && !isLoopbackHost(new URL(server.publicOrigin).hostname)) return 'forwarder'
  return 'direct'
}
