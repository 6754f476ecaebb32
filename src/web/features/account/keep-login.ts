import { storageKeys } from '@/domain/storage-keys.ts'

/**
 * 'Keep me signed in' (spec §2). Unchecked, the sign-in lasts for this browser session only: a marker in
 * sessionStorage (gone when the browser closes) says the stored token belongs to a live session.
 * `forgetSessionUnlessKept()` must run before the session reads its token at start-up.
 */
const keepKey = 'paylab.keepLogin'
const liveKey = 'paylab.liveSession'

export function rememberKeepLogin(keep: boolean, local: Storage = localStorage, session: Storage = sessionStorage) {
  try {
    local.setItem(keepKey, keep ? '1' : '0')
    session.setItem(liveKey, '1')
  } catch {
    // storage unavailable: the session then lasts for this page only anyway
  }
}

/** Drops a stored sign-in that was not meant to outlive its browser session. Returns true if it did. */
export function forgetSessionUnlessKept(local: Storage = localStorage, session: Storage = sessionStorage): boolean {
  try {
    if (local.getItem(keepKey) !== '0' || session.getItem(liveKey) === '1') return false
    local.removeItem(storageKeys.userLoginToken)
    local.removeItem(storageKeys.loginAccount)
    local.removeItem(keepKey)
    return true
  } catch {
    return false
  }
}
