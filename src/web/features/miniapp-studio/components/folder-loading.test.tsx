import { describe, expect, it, vi } from 'vitest'
import { adoptWatchToken, droppedEntries, droppedFolder, filesOf, watchApp } from '../api.ts'
import { pageUrl } from '../pages.ts'

/** How the studio loads a mini app's folder (issue 21): picked or dropped files, its change events, the edit token and page addresses. */

describe('loading a folder', () => {
  it('takes paths relative to the folder holding app.json and leaves hidden files out', async () => {
    const file = (text: string) => new Blob([text])
    const files = await filesOf([
      { path: 'my-app/app.json', file: file('{}') },
      { path: 'my-app/pages/home/home.html', file: file('<p>hi</p>') },
      { path: 'my-app/.git/config', file: file('x') },
      { path: 'my-app/pages/.DS_Store', file: file('x') },
    ])
    expect([...files.keys()]).toEqual(['app.json', 'pages/home/home.html'])
    expect(new TextDecoder().decode(files.get('pages/home/home.html'))).toBe('<p>hi</p>')
  })

  it('walks a dropped folder through its entries (DataTransfer items)', async () => {
    const fileEntry = (name: string, text: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (f: File) => void) => ok(new File([text], name)) })
    const dir = (name: string, children: unknown[]) => {
      let read = false
      return {
        isFile: false,
        isDirectory: true,
        name,
        createReader: () => ({
          readEntries: (ok: (e: unknown[]) => void) => {
            ok(read ? [] : children)
            read = true
          },
        }),
      }
    }
    const root = dir('shop', [fileEntry('app.json', '{}'), dir('pages', [dir('home', [fileEntry('home.html', '<p/>')])])])
    const data = { items: [{ webkitGetAsEntry: () => root }], files: [] } as unknown as DataTransfer
    const entries = await droppedEntries(droppedFolder(data))
    expect(entries.map((e) => e.path)).toEqual(['shop/app.json', 'shop/pages/home/home.html'])
    expect([...(await filesOf(entries)).keys()]).toEqual(['app.json', 'pages/home/home.html'])
  })

  it("reloads on the folder's change events and stops listening when left", () => {
    const sources: Array<{ url: string; listeners: Record<string, () => void>; closed: boolean }> = []
    vi.stubGlobal(
      'EventSource',
      class {
        record: (typeof sources)[number]
        constructor(url: string) {
          this.record = { url, listeners: {}, closed: false }
          sources.push(this.record)
        }
        addEventListener(name: string, fn: () => void) {
          this.record.listeners[name] = fn
        }
        close() {
          this.record.closed = true
        }
      },
    )
    const onChanged = vi.fn()
    const stop = watchApp('ma_1', 'tok_1', onChanged)
    expect(sources[0]!.url).toBe('/dev/v1/miniapp/apps/ma_1/events?token=tok_1')
    sources[0]!.listeners.changed!()
    expect(onChanged).toHaveBeenCalledTimes(1)
    stop()
    expect(sources[0]!.closed).toBe(true)
    vi.unstubAllGlobals()
  })

  it("keeps the edit token of npm run miniapp's URL in the tab and takes it out of the address bar", () => {
    window.history.replaceState(null, '', '/miniapp/studio?app=ma_2#watch=tok_2')
    expect(adoptWatchToken('ma_2')).toBe('tok_2')
    expect(window.location.hash).toBe('')
    expect(window.location.search).toBe('?app=ma_2')
    // a reload of the tab follows the app still; another app is not followed
    expect(adoptWatchToken('ma_2')).toBe('tok_2')
    expect(adoptWatchToken('ma_3')).toBeNull()
    sessionStorage.clear()
  })

  it('builds page addresses from page folders', () => {
    expect(pageUrl('abc', 'pages/home')).toBe('/miniapp-run/abc/pages/home/home.html')
    expect(pageUrl('abc', '/pages/list?x=1&y=2')).toBe('/miniapp-run/abc/pages/list/list.html?x=1&y=2')
  })
})
