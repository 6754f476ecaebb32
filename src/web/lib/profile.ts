import { queryOptions } from '@tanstack/react-query'
import { userProfileSchema } from '@/domain/account-api.ts'
import { call } from './api-call.ts'

/** Every cached profile (any token): invalidated when something the profile shows changes (keys, live merchant). */
export const profileRootKey = ['account', 'profile'] as const

/** The query key of the signed-in developer's profile; the token is in it so another user's profile is never served. */
export const profileKey = (accessToken: string | null) => [...profileRootKey, accessToken ?? ''] as const

/** GET /v1/homeDboard/getUserProfile (spec §7): shared by the account screens and the dashboard. */
export const fetchUserProfile = () => call('/v1/homeDboard/getUserProfile', userProfileSchema, { bearer: true })

export const profileQuery = (accessToken: string | null) =>
  queryOptions({
    queryKey: profileKey(accessToken),
    queryFn: fetchUserProfile,
    enabled: accessToken !== null,
    staleTime: 30_000,
  })
