import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadLibrary } from '../../src/server/content/library.ts'

function contentRoot(body: string) {
  const root = mkdtempSync(join(tmpdir(), 'paylab-content-'))
  for (const lang of ['ja', 'en']) {
    mkdirSync(join(root, lang, 'products/docs'), { recursive: true })
    writeFileSync(
      join(root, lang, 'products/docs/a.md'),
      `---\ntitle: Refunds ${lang}\ndescription: Money back.\n---\n${body}\n\n\`\`\`json\n{"amount": 1}\n\`\`\`\n`,
    )
  }
  return root
}

describe('content library cache (docs/performance.md)', () => {
  it('answers the same pages from the cache as from a fresh parse, highlighted code included', async () => {
    const root = contentRoot('First text.')
    const cacheDir = mkdtempSync(join(tmpdir(), 'paylab-content-cache-'))
    const fresh = await loadLibrary(root, { cacheDir: null })
    const first = await loadLibrary(root, { cacheDir })
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.json'))).toHaveLength(1)
    const cached = await loadLibrary(root, { cacheDir })
    for (const lang of ['ja', 'en'] as const) {
      expect(JSON.parse(JSON.stringify(cached.pages(lang)))).toEqual(JSON.parse(JSON.stringify(fresh.pages(lang))))
      expect(cached.page(lang, 'openPaymentApi', 'a')).toEqual(first.page(lang, 'openPaymentApi', 'a'))
    }
    const code = JSON.stringify(cached.page('en', 'openPaymentApi', 'a')?.sections)
    expect(code).toMatch(/"c":"#[0-9a-fA-F]{6}"/) // coloured tokens survive the cache
  })

  it('never serves stale content: a changed file is parsed again', async () => {
    const root = contentRoot('First text.')
    const cacheDir = mkdtempSync(join(tmpdir(), 'paylab-content-cache-'))
    expect((await loadLibrary(root, { cacheDir })).page('en', 'openPaymentApi', 'a')?.text).toContain('First text.')
    writeFileSync(join(root, 'en', 'products/docs/a.md'), '---\ntitle: Refunds en\ndescription: Money back.\n---\nSecond text.\n')
    const changed = await loadLibrary(root, { cacheDir })
    expect(changed.page('en', 'openPaymentApi', 'a')?.text).toContain('Second text.')
    expect(changed.page('en', 'openPaymentApi', 'a')?.text).not.toContain('First text.')
  })

  it('still loads when the cache directory cannot be written', async () => {
    const root = contentRoot('Text.')
    const blocker = join(mkdtempSync(join(tmpdir(), 'paylab-content-cache-')), 'file')
    writeFileSync(blocker, 'not a directory')
    const lib = await loadLibrary(root, { cacheDir: join(blocker, 'cache') })
    expect(lib.page('ja', 'openPaymentApi', 'a')?.title).toBe('Refunds ja')
  })
})
