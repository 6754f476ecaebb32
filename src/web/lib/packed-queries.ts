import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query'

type DehydratedQuery = DehydratedState['queries'][number]

/**
 * React Query's dehydrated cache as the server writes it into a page (src/web/router.tsx; issue 19: the document's
 * size): per query only what the browser cannot know — its key, its data, its meta and its type. The rest of a
 * dehydrated query is the same for every query the server hands over (a query answered once, successfully, now), so
 * the browser writes it back itself (`unpackQueries`) instead of reading it from every page. Only successful queries
 * are handed over, as `dehydrate` does by default; paused mutations exist only in a browser.
 */
type PackedQuery = [key: QueryKey, data: unknown, meta?: DehydratedQuery['meta'] | 0, type?: DehydratedQuery['queryType']]

export function packQueries(state: DehydratedState): string {
  const packed = state.queries
    .filter((query) => query.state.status === 'success')
    .map((query): PackedQuery => {
      const row: PackedQuery = [query.queryKey, query.state.data]
      if (query.meta || query.queryType) row.push(query.meta ?? 0)
      if (query.queryType) row.push(query.queryType)
      return row
    })
  return JSON.stringify(packed)
}

/** The dehydrated cache of `packQueries`' text, its data as fresh as `now` (the page may come from the server's page cache). */
export function unpackQueries(text: string, now: number): DehydratedState {
  const packed = JSON.parse(text) as PackedQuery[]
  return {
    mutations: [],
    queries: packed.map(([queryKey, data, meta, queryType]) => ({
      queryKey,
      queryHash: hashKey(queryKey),
      dehydratedAt: now,
      ...(meta ? { meta } : {}),
      ...(queryType ? { queryType } : {}),
      state: {
        data,
        dataUpdateCount: 1,
        dataUpdatedAt: now,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    })),
  }
}
