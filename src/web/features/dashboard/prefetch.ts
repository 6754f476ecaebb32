import type { QueryClient } from '@tanstack/react-query'
import { getAccessToken } from '@/web/lib/session.tsx'
import { dashboardHomeQuery } from './api.ts'
import { readStoredLive } from './mode.ts'

/** Starts myhome's one request (GET /v1/dashboardHome) for the stored session and mode, without waiting for it. */
export function prefetchDashboardHome(queryClient: QueryClient) {
  const token = getAccessToken()
  if (token !== null) void queryClient.prefetchQuery(dashboardHomeQuery(token, readStoredLive()))
}
