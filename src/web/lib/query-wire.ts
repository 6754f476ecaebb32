import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query'

type DehydratedQuery = DehydratedState['queries'][number]

/**
 * What TanStack's query integration (`@tanstack/react-router-ssr-query`, router.tsx) hands the browser, in the form
 * the portal sends it (issue 29: documents no heavier than before the integration):
 *
 * - No stream. The integration always adds a stream for queries that finish while the page streams; the portal
 *   renders to a string once its loaders answered every query (entry-server.tsx), so the stream never carries
 *   anything, yet seroval writes its stream constructor into every document (~690 B). The browser gets an empty,
 *   closed stream in its place.
 * - Each query as what the browser cannot know: its key, its data, its meta and type, in one JSON text. The
 *   integration sends React Query's whole state of each query (`dehydratedAt`, `dataUpdateCount`, `error: null`,
 *   `fetchFailureCount: 0`, …) as seroval's object graph (a reference per object); it only hands over successful
 *   queries (router.tsx `shouldDehydrateQuery`), whose state is therefore known, so the browser writes it back, dated
 *   now (the page's data is as fresh as the page, which may come from the server's page cache), and hashes the key
 *   as React Query does.
 */
export interface IntegrationQueries {
  initial?: DehydratedQuery[]
  stream?: ReadableStream
}

type WireQuery = [key: QueryKey, data: unknown, meta?: DehydratedQuery['meta'] | 0, type?: DehydratedQuery['queryType']]

/** On the server: the integration's queries as sent, a JSON text (empty when there are none). */
export function toWire(queries: IntegrationQueries): string {
  if (!queries.initial?.length) return ''
  const rows = queries.initial.map(({ queryKey, state, meta, queryType }): WireQuery => {
    const row: WireQuery = [queryKey, state.data]
    if (meta || queryType) row.push(meta ?? 0)
    if (queryType) row.push(queryType)
    return row
  })
  return JSON.stringify(rows)
}

/** In the browser: the text sent, back to what the integration reads (every query successful and fresh, no stream). */
export function fromWire(text: string, now = Date.now()): Required<IntegrationQueries> {
  const rows = text ? (JSON.parse(text) as WireQuery[]) : []
  const initial = rows.map(([queryKey, data, meta, queryType]): DehydratedQuery => ({
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
  }))
  const stream = new ReadableStream({ start: (controller) => controller.close() })
  return { initial, stream }
}

/** What the router carries for the integration, as its `dehydrate` returns it. */
interface Carried {
  query: IntegrationQueries
}

/**
 * Wraps the router's `dehydrate` and `hydrate` once TanStack's integration has wrapped them: the queries leave the
 * server in the form sent and reach the integration in the browser as it wrote them. (The router's types know only
 * the portal's own `dehydrate` and `hydrate`, not what the integration adds; hence the options as plain slots.)
 */
export function sendQueriesCompact(options: { dehydrate?: unknown; hydrate?: unknown }) {
  const { dehydrate, hydrate } = options
  if (typeof dehydrate === 'function') {
    options.dehydrate = async () => {
      const data = (await dehydrate()) as Carried
      return { ...data, query: toWire(data.query) }
    }
  }
  if (typeof hydrate === 'function') {
    options.hydrate = (data: { query: string }) => hydrate({ ...data, query: fromWire(data.query) }) as Promise<void>
  }
}
