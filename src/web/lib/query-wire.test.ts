import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { fromWire, toWire } from './query-wire.ts'

describe('the queries a page carries (query-wire)', () => {
  it('arrive in the browser with their data and meta, successful, fresh and hashed as React Query hashes them', async () => {
    const server = new QueryClient()
    await server.prefetchQuery({ queryKey: ['docs', 'ja', 'webpayment'], queryFn: () => ({ title: '決済' }) })
    await server.prefetchQuery({ queryKey: ['shell', 'menu'], queryFn: () => [1, 2], meta: { progress: false } })
    const sent = toWire({ initial: dehydrate(server).queries })
    expect(sent).not.toContain('dataUpdateCount')

    const browser = new QueryClient()
    const { initial, stream } = fromWire(sent, 1_000)
    hydrate(browser, { queries: initial, mutations: [] })
    const docs = browser.getQueryCache().find({ queryKey: ['docs', 'ja', 'webpayment'] })
    expect(docs?.state).toMatchObject({ status: 'success', fetchStatus: 'idle', data: { title: '決済' }, dataUpdatedAt: 1_000 })
    expect(browser.getQueryCache().find({ queryKey: ['shell', 'menu'] })?.meta).toEqual({ progress: false })
    expect(browser.getQueryData(['shell', 'menu'])).toEqual([1, 2])
    // the integration reads the stream to its end: it ends at once
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined })
  })

  it('a page with no queries sends nothing and hydrates none', () => {
    expect(toWire({})).toBe('')
    expect(fromWire('').initial).toEqual([])
  })
})
