import { describe, expect, it } from 'vitest'
import { readFolder, readManifest } from './files.ts'
import { exampleAppFolder } from './index.ts'

/** What the runtime reads of an app: app.json's manifest and each page's own window values (spec §3). */
const text = (files: Record<string, string>) => new Map(Object.entries(files).map(([path, value]) => [path, new TextEncoder().encode(value)]))

describe('readManifest', () => {
  it("reads each page's own json as its window values, leaving malformed ones and pages without json out", () => {
    const manifest = readManifest(
      text({
        'app.json': JSON.stringify({
          appName: 'Cakes',
          version: '1.0.0',
          baseLibraryVersion: '2.40.0',
          pages: ['pages/home', '/pages/menu/', 'pages/cart', 'pages/broken'],
          window: { navigationBarTitleText: 'Cakes', navigationBarBackgroundColor: 'red' },
        }),
        'pages/home/home.html': '',
        'pages/menu/menu.json': JSON.stringify({
          navigationBarTitleText: 'Menu',
          navigationBarBackgroundColor: '#003366',
          navigationBarTextStyle: 'purple',
          navigationStyle: 'custom',
          backgroundColor: 'rgb(0,0,0)',
          enablePullDownRefresh: 'yes',
          unknown: 1,
        }),
        'pages/cart/cart.json': JSON.stringify({ navigationBarTextStyle: 'blue' }),
        'pages/broken/broken.json': '{ not json',
      }),
    )
    expect(manifest?.window).toMatchObject({ navigationBarTitleText: 'Cakes' })
    expect(manifest?.window?.navigationBarBackgroundColor).toBeUndefined()
    expect(manifest?.pageWindows).toEqual({
      'pages/menu': { navigationBarTitleText: 'Menu', navigationBarBackgroundColor: '#003366', navigationStyle: 'custom' },
    })
  })

  it("gives the example app's ticket page its own bar", async () => {
    const manifest = readManifest(await readFolder(exampleAppFolder))
    expect(manifest?.pageWindows?.['pages/ticket']).toEqual({
      navigationBarTitleText: 'Tickets',
      navigationBarBackgroundColor: '#5B3A29',
      enablePullDownRefresh: false,
    })
    expect(manifest?.pageWindows?.['pages/home']).toBeUndefined()
  })
})
