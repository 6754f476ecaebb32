import { useQuery } from '@tanstack/react-query'
import { storageKeys } from '@/domain/storage-keys.ts'
import type { UserProfile } from '@/domain/account-api.ts'
import { useSession } from '@/web/lib/session.tsx'
import { profileQuery } from '@/web/lib/profile.ts'

/**
 * The dashboard's mode outside myhome's machine (spec §3, §4): `liveMode` in local storage says MODE_LIVE
 * ('true') or MODE_TEST (anything else); live only counts once the account has a live merchant. `liveNotice`
 * is 'false' once the live notice was dismissed (shown until then).
 */
export type Mode = 'MODE_TEST' | 'MODE_LIVE'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export const readStoredLive = () => storage()?.getItem(storageKeys.liveMode) === 'true'
export const writeStoredLive = (live: boolean) => storage()?.setItem(storageKeys.liveMode, String(live))
export const readNoticeDismissed = () => storage()?.getItem(storageKeys.liveNotice) === 'false'
export const writeNoticeDismissed = () => storage()?.setItem(storageKeys.liveNotice, 'false')

export interface ModeView {
  mode: Mode
  live: boolean
  /** The merchant every call of this mode acts for (X-ASSUME-MERCHANT). */
  merchantId: string
}

/** The mode a profile and the stored flag give: live only with a live merchant. */
export function modeOf(profile: Pick<UserProfile, 'merchant_id' | 'live_merchant_id'>, storedLive: boolean): ModeView | null {
  if (storedLive && profile.live_merchant_id)
    return {
      mode: 'MODE_LIVE',
      live: true,
      merchantId: profile.live_merchant_id,
    }
  return profile.merchant_id ? { mode: 'MODE_TEST', live: false, merchantId: profile.merchant_id } : null
}

/** The signed-in developer's profile and the current mode (transactions, settings). */
export function useStoredMode() {
  const { accessToken } = useSession()
  const profile = useQuery(profileQuery(accessToken))
  return {
    accessToken,
    profile,
    mode: profile.data ? modeOf(profile.data, readStoredLive()) : null,
  }
}
