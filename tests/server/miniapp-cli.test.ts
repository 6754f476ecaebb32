import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pushAndWatch } from '../../scripts/miniapp-push.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

/** `npm run miniapp -- <folder>`: uploads the folder, prints the studio URL, pushes each saved change; the studio's event stream sees it. */
describe.each(storeKinds())('npm run miniapp [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('pushes a changed file and the change event reaches the studio', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paylab-miniapp-'))
    mkdirSync(join(folder, 'pages/home'), { recursive: true })
    writeFileSync(join(folder, 'app.json'), JSON.stringify({ appName: 'Mine', version: '0.1.0', baseLibraryVersion: '2.40.0', pages: ['pages/home'] }))
    writeFileSync(join(folder, 'pages/home/home.html'), '<html><head></head><body>first</body></html>')
    const lines: string[] = []
    const handle = await pushAndWatch({
      folder,
      base: 'http://localhost',
      fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
      log: (line) => lines.push(line),
      debounceMs: 50,
    })
    try {
      // the URL carries the edit token in its fragment: the studio follows the app's changes with it
      expect(lines.join('\n')).toContain(`Open the studio: http://localhost/miniapp/studio?app=${handle.appId}#watch=${handle.editToken}`)
      const events = await t.app.request(`/dev/v1/miniapp/apps/${handle.appId}/events?token=${handle.editToken}`)
      const reader = events.body!.getReader()
      let seen = ''
      const readUntil = async (needle: string) => {
        while (!seen.includes(needle)) {
          const { value, done } = await reader.read()
          if (done) break
          seen += new TextDecoder().decode(value)
        }
      }
      await readUntil('event: ready')
      const pushed = handle.nextPush()
      writeFileSync(join(folder, 'pages/home/home.html'), '<html><head></head><body>second</body></html>')
      await pushed
      await readUntil('event: changed')
      expect(seen).toContain('"version":2')
      await reader.cancel()
      expect(await (await t.app.request(`/miniapp-run/${handle.appId}/pages/home/home.html`)).text()).toContain('second')
      expect(lines.some((l) => l.includes('changes pushed'))).toBe(true)
    } finally {
      handle.close()
    }
  })
})
