import type { SiteConfig } from '@/domain/site.ts'
import { isMaintenancePath, splitWebview, under } from '@/domain/site-paths.ts'
import { storageKeys } from '@/domain/storage-keys.ts'

export { splitWebview } from '@/domain/site-paths.ts'

/**
 * The route guard of spec §2, as one pure decision plus a thin browser wrapper. It runs from the layout
 * route's `beforeLoad`, so it sees every navigation, including routes that other features add later.
 * Rules, in order:
 *  1. any query string is saved to localStorage `redirectQueryParams` (for a later redirect: the sign-in uses it,
 *     `afterSignInHref` in features/account/device.ts), except on the account pages, whose query is the flow's own;
 *  2. maintenance on → `/maintenance` (every route but the maintenance page itself);
 *  3. host rules on the home page: a mini-apps host → `/products/mini-apps`, a style-guide host → `/app-styleguide`;
 *  4. passcode paths (PASSCODE_PATHS, a soft preview gate) without the right `?passcode=` → home.
 * Login access (spec §2: without a non-empty access token → `/account/signin?redirect=…`) is not a path rule: the
 * login-access routes are the children of the `_authed` layout route (routes/{-$webview}/_authed.tsx), whose
 * `beforeLoad` applies `signInRedirect`. Redirects keep the optional `/webview` first segment.
 */

/**
 * The optional first segment's params: only the literal `webview` matches (anything else falls through to 404). Used by
 * the `{-$webview}` layout route and repeated on the pathless `_authed` layout under it: TanStack Router gives a
 * pathless child without its own `params.parse` the parent's place in its route tree, and the parent's check is lost
 * (`/no-such-page` would match the home page with `webview: 'no-such-page'`).
 */
export const webviewParams = {
  parse: ({ webview }: { webview?: string }): { webview?: 'webview' } | false => (webview === undefined ? {} : webview === 'webview' ? { webview } : false),
  stringify: ({ webview }: { webview?: 'webview' }) => ({ webview }),
}

export interface GuardInput {
  pathname: string
  search: Record<string, unknown>
  hostname: string
  maintenanceMode: boolean
  site: SiteConfig | null
  /** True when the `passcode` query (or an earlier one this session) matches the configured passcode. */
  passcodeAccepted: boolean
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; href: string }

export function needsPasscode(path: string, site: SiteConfig | null): boolean {
  return !!site?.passcodeSha256 && site.passcodePaths.some((p) => under(path, p.replace(/\/$/, '') || '/'))
}

function sameHost(hostname: string, configured: string | null): boolean {
  return !!configured && hostname.toLowerCase() === configured.toLowerCase().replace(/:\d+$/, '')
}

export function decideGuard(input: GuardInput): GuardDecision {
  const { prefix, path } = splitWebview(input.pathname)
  const to = (target: string) => ({ kind: 'redirect' as const, href: `${prefix}${target}` })

  if (input.maintenanceMode && !isMaintenancePath(path)) return to('/maintenance')
  if (path === '/') {
    if (sameHost(input.hostname, input.site?.miniappsHost ?? null)) return to('/products/mini-apps')
    if (sameHost(input.hostname, input.site?.styleguideHost ?? null)) return to('/app-styleguide')
  }
  if (needsPasscode(path, input.site) && !input.passcodeAccepted) return to('/')
  return { kind: 'allow' }
}

/** Login access's redirect (the `_authed` layout route): sign-in with `?redirect=` back to the page asked for (query included), keeping `/webview`. */
export function signInRedirect(pathname: string, search: Record<string, unknown>): GuardDecision {
  const query = new URLSearchParams(stringifySearch(search))
  const back = `${pathname}${query.size ? `?${query}` : ''}`
  return { kind: 'redirect', href: `${splitWebview(pathname).prefix}/account/signin?redirect=${encodeURIComponent(back)}` }
}

function stringifySearch(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    out[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return out
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Session key remembering an accepted preview passcode, so links inside the preview keep working. */
export const passcodeSessionKey = 'paylab.passcodeAccepted'

export interface BrowserGuardInput {
  pathname: string
  search: Record<string, unknown>
  searchStr: string
  maintenanceMode: boolean
  site: SiteConfig | null
  hostname?: string
  storage?: Pick<Storage, 'getItem' | 'setItem'>
  session?: Pick<Storage, 'getItem' | 'setItem'>
}

/**
 * Rule 1: a query string is saved to localStorage `redirectQueryParams`. Run by the guard on every navigation in the
 * browser, and by main.tsx for the page the server rendered (the server cannot write the browser's storage).
 */
export function saveQueryString(searchStr: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage, pathname?: string) {
  const query = searchStr.replace(/^\?/, '')
  if (!query) return
  // the account pages' own query (`?redirect=…`) is the sign-in flow's, not one to carry over: it would overwrite
  // the query the visitor came with before the sign-in could use it (docs/decisions: saved query)
  if (pathname !== undefined && under(splitWebview(pathname).path, '/account')) return
  try {
    storage?.setItem(storageKeys.redirectQueryParams, query)
  } catch {
    // storage unavailable: the redirect simply loses its query
  }
}

/** Applies the guard in the browser: saves the query string, checks the passcode, returns the decision. */
export async function runGuard(input: BrowserGuardInput): Promise<GuardDecision> {
  const session = input.session ?? globalThis.sessionStorage
  saveQueryString(input.searchStr, input.storage, input.pathname)
  let passcodeAccepted = false
  const expected = input.site?.passcodeSha256
  if (expected && needsPasscode(splitWebview(input.pathname).path, input.site)) {
    const given = input.search.passcode
    passcodeAccepted = session?.getItem(passcodeSessionKey) === expected
    if (!passcodeAccepted && (typeof given === 'string' || typeof given === 'number')) {
      passcodeAccepted = (await sha256Hex(String(given))) === expected
      if (passcodeAccepted) session?.setItem(passcodeSessionKey, expected)
    }
  }
  return decideGuard({
    pathname: input.pathname,
    search: input.search,
    hostname: input.hostname ?? globalThis.location?.hostname ?? '',
    maintenanceMode: input.maintenanceMode,
    site: input.site,
    passcodeAccepted,
  })
}
