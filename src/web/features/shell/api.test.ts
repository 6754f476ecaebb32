import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { chromeLeftOut, chromeQuery, keepChromeOut, loadChrome, maintenanceQuery } from './api.ts'

const chrome = { topMenu: [], footer: null }

describe('the header and footer menus carried once (issue 19)', () => {
  it('the server leaves a fetched chrome query out of the hydration data; other queries, and a failed chrome, are not its to keep', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(chromeQuery('ja').queryKey, chrome)
    queryClient.setQueryData(maintenanceQuery('ja').queryKey, { maintenanceMode: false, maintenanceDesc: [] })
    await queryClient.prefetchQuery({ ...chromeQuery('en'), queryFn: () => Promise.reject(new Error('down')), retry: false })
    const left = queryClient.getQueryCache().findAll({ predicate: chromeLeftOut })
    expect(left.map((query) => query.queryKey)).toEqual([chromeQuery('ja').queryKey])
  })

  it("the browser's layout loader asks for a kept chrome only once it is not the server's any more", async () => {
    const queryClient = new QueryClient()
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue()
    keepChromeOut([JSON.stringify(chromeQuery('ja').queryKey)])
    expect(loadChrome(queryClient, 'ja')).toBeUndefined() // its HTML is the server's: a menu asks when it is used
    await loadChrome(queryClient, 'en') // another language: asked for as before
    expect(prefetch).toHaveBeenCalledTimes(1)
    queryClient.setQueryData(chromeQuery('ja').queryKey, chrome) // a menu asked for it
    await loadChrome(queryClient, 'ja')
    expect(prefetch).toHaveBeenCalledTimes(2)
  })
})
