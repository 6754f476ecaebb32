import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { SessionToken as Token } from '@/web/lib/session.tsx'
import { readStoredToken, useSession } from '@/web/lib/session.tsx'
import { fetchUserProfile, loginAccountOf } from './api.ts'
import { accountKeys } from './keys.ts'

/**
 * What the account flows do once the server hands out a token (spec §4): store it as `userLoginToken`, then fetch
 * the profile and store it as `LoginAccount` (spec §3). Returned functions are stable across renders.
 */
export function useAccountSession() {
  const session = useSession()
  const queryClient = useQueryClient()
  const latest = useRef(session)
  latest.current = session

  // the page is about to sign someone in: have the session machine ready by then
  useEffect(() => session.preload(), [session])

  const stable = useRef({
    /** Stores the token, then the profile; a failed profile fetch leaves the token (the dashboard refetches). */
    async signIn(token: Token) {
      await latest.current.signIn(token)
      await stable.current.refreshAccount(token)
    },
    /** Fetches the profile again and stores it beside the current token. */
    async refreshAccount(token: Token | null = readStoredToken()) {
      if (!token) return null
      try {
        const profile = await fetchUserProfile()
        await latest.current.signIn(token, loginAccountOf(profile))
        queryClient.setQueryData(accountKeys.profile(token.access_token), profile)
        return profile
      } catch {
        return null
      }
    },
  })
  return stable.current
}
