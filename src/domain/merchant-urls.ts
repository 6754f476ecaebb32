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

const isWebLink = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.includes(url.hostname))

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
