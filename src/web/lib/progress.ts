import { useIsFetching, useIsMutating, useQueryClient, type Mutation, type Query } from '@tanstack/react-query'
import { useCallback } from 'react'

/**
 * The header's progress bar (spec §2) runs while a request is in flight, except document content and code snippets.
 * It reads React Query: every query and mutation counts unless its `meta` says `progress: false` (spread `quiet`
 * into the query options). Requests made by statechart actors run as mutations (`useTrackedRequest`) so they count
 * too.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { progress?: boolean }
    mutationMeta: { progress?: boolean }
  }
}

/** Query (or mutation) options of a request the progress bar leaves alone. */
export const quiet = { meta: { progress: false } } as const

const counts = (item: Query | Mutation) => item.meta?.progress !== false

/** True while a request the progress bar counts is in flight. */
export function useRequestsInFlight(): boolean {
  const fetching = useIsFetching({ predicate: counts })
  const mutating = useIsMutating({ predicate: counts })
  return fetching + mutating > 0
}

/** Runs a request outside a query (a statechart actor's promise) as a mutation, so the progress bar sees it. */
export function useTrackedRequest() {
  const queryClient = useQueryClient()
  return useCallback(
    <T>(run: () => Promise<T>): Promise<T> => queryClient.getMutationCache().build(queryClient, { mutationFn: run }).execute(undefined),
    [queryClient],
  )
}
