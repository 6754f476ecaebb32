import { useSyncExternalStore } from 'react'
import { http } from '@/web/lib/http.ts'

/** Number of tracked requests in flight (the progress bar runs while it is above zero). */
export function useRequestsInFlight(): number {
  return useSyncExternalStore(http.subscribeInFlight, http.inFlight, () => 0)
}
