import { storageKeys } from '@/domain/storage-keys.ts'

/**
 * 'Keep me signed in' (spec §2). The token always lives in localStorage `userLoginToken` (spec §3); the choice
 * decides whether it may outlive the browser session. Unchecked, the sign-in is marked session-only and a
 * browser-session marker says "this browser session signed in". A browser restart drops the marker, and
 * `forgetSessionUnlessKept()` — run by `createSessionActor` before it reads the token — then forgets the token.
 *
 * The marker is a session cookie (no Expires), not a sessionStorage entry: sessionStorage is per tab, so a
 * second tab opened by hand would look like a new browser session and sign every tab out. A session cookie is
 * shared by the tabs and ends with the browser session, which is what the checkbox promises.
 */
const keepKey = 'paylab.keepLogin'
const liveCookie = 'paylab_live'

/** Where the browser-session marker lives; a session cookie in the browser (tests may pass another). */
export interface SessionMarker {
  isSet(): boolean
  set(): void
}

export function cookieMarker(doc: Document = document): SessionMarker {
  return {
    isSet: () => doc.cookie.split(';').some((part) => part.trim() === `${liveCookie}=1`),
    set: () => {
      const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
      doc.cookie = `${liveCookie}=1; Path=/; SameSite=Strict${secure}`
    },
  }
}

function defaultMarker(): SessionMarker | null {
  return typeof document === 'undefined' ? null : cookieMarker()
}

/** Records the choice of the sign-in form; call it before the token is stored. */
export function rememberKeepLogin(keep: boolean, local: Storage = localStorage, marker: SessionMarker | null = defaultMarker()) {
  try {
    local.setItem(keepKey, keep ? '1' : '0')
    marker?.set()
  } catch {
    // storage unavailable: the session then lasts for this page only anyway
  }
}

/** Drops a stored sign-in that was not meant to outlive its browser session. Returns true if it did. */
export function forgetSessionUnlessKept(local: Storage = localStorage, marker: SessionMarker | null = defaultMarker()): boolean {
  try {
    if (local.getItem(keepKey) !== '0' || !marker || marker.isSet()) return false
    local.removeItem(storageKeys.userLoginToken)
    local.removeItem(storageKeys.loginAccount)
    local.removeItem(keepKey)
    return true
  } catch {
    return false
  }
}

/** Signing out ends the choice too: the next sign-in makes its own. */
export function forgetKeepLogin(local: Storage = localStorage) {
  try {
    local.removeItem(keepKey)
  } catch {
    // nothing stored then
  }
}
