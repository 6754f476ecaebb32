import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { packQueries, unpackQueries } from './packed-queries.ts'

describe('the hydration data of React Query (issue 19: the document’s size)', () => {
  it('carries each successful query’s key, data and meta, and gives the browser the same cache, fresh', async () => {
    const server = new QueryClient()
    await server.prefetchQuery({ queryKey: ['shell', 'site'], queryFn: () => ({ host: null, paths: ['/a'] }) })
    await server.prefetchQuery({ queryKey: ['docs', 'page', 'ja'], queryFn: () => ({ title: '概要' }), meta: { progress: false } })
    await server.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('no')), retry: false })
    const text = packQueries(dehydrate(server))
    expect(text).not.toContain('fetchFailureCount')
    expect(text).not.toContain('failed')

    const browser = new QueryClient()
    hydrate(browser, unpackQueries(text, 1_000))
    const queries = browser.getQueryCache().getAll()
    expect(queries.map((query) => query.queryHash)).toEqual(['["shell","site"]', '["docs","page","ja"]'])
    expect(browser.getQueryData(['shell', 'site'])).toEqual({ host: null, paths: ['/a'] })
    expect(queries[1]!.meta).toEqual({ progress: false })
    expect(queries[1]!.state).toMatchObject({ data: { title: '概要' }, status: 'success', fetchStatus: 'idle', dataUpdatedAt: 1_000, error: null })
  })
})
