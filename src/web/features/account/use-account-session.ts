import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { SessionToken as Token } from '@/web/lib/session.tsx'
import { readStoredToken, sessionAccessToken, useSession } from '@/web/lib/session.tsx'
import type { ExistingSession } from '@machines/account-flow.ts'
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

/**
 * The account machines' `existingSession`: who is signed in on this browser when an account page opens (issue 11).
 * Nothing stored: no one, at once. Otherwise the session is restored and the profile read for its sign-up status;
 * a profile it cannot read (an expired token, no network) counts as no one, so the form shows.
 */
export async function existingSession(): Promise<ExistingSession | null> {
  if (!readStoredToken()) return null
  if (!(await sessionAccessToken())) return null
  try {
    const profile = await fetchUserProfile()
    return { status: profile.status, email: profile.email_id }
  } catch {
    return null
  }
}
