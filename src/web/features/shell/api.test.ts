import { dehydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { chromeKeptOut, chromeQuery, keepChromeOut, loadChrome, maintenanceQuery } from './api.ts'

const chrome = { topMenu: [], footer: null }

describe('the header and footer menus carried once (issue 19)', () => {
  it('the server leaves the chrome query out of the hydration data and passes its hash; other queries stay', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(chromeQuery('ja').queryKey, chrome)
    queryClient.setQueryData(maintenanceQuery('ja').queryKey, { maintenanceMode: false, maintenanceDesc: [] })
    const { state, kept } = chromeKeptOut(dehydrate(queryClient))
    expect(state.queries.map((query) => query.queryKey)).toEqual([maintenanceQuery('ja').queryKey])
    expect(kept).toEqual([queryClient.getQueryCache().find({ queryKey: chromeQuery('ja').queryKey })!.queryHash])
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
