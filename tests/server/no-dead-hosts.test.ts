import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'

/**
 * No dead ends (issue 20): `*.paylab.example` hosts do not exist, so no link of the content, of the site menus or of
 * the portal's pages may point at one. E-mail addresses on that domain (wallet.user@paylab.example) are not links.
 */
const deadHost = /\b[a-z][a-z0-9+.-]*:\/\/(?:[a-z0-9-]+\.)*paylab\.example\b[^\s"'`)<>]*/gi

const root = join(import.meta.dirname, '../..')

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

function deadLinksIn(files: string[]): string[] {
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(deadHost)].map((m) => `${relative(root, file)}: ${m[0]}`))
}

describe('links to *.paylab.example hosts', () => {
  it('the pattern finds a link to such a host and leaves e-mail addresses alone', () => {
    const sample = 'see https://sdk.paylab.example/node and http://paylab.example/ - mail wallet.user@paylab.example; "aud": "paylab.example"'
    expect(sample.match(deadHost)).toEqual(['https://sdk.paylab.example/node', 'http://paylab.example/'])
  })

  it('no content page or site menu (src/content, both languages) links to one', () => {
    const files = filesUnder(join(root, 'src/content'), (name) => /\.(md|ya?ml|json)$/.test(name))
    expect(files.length).toBeGreaterThan(20)
    expect(deadLinksIn(files)).toEqual([])
  })

  it('no page of the portal (src/web, tests aside) links to one', () => {
    const files = filesUnder(join(root, 'src/web'), (name) => /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name))
    expect(deadLinksIn(files)).toEqual([])
  })
})

describe('site menus as served', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(() => t.close())

  it.each(['jp', 'en'])('the top menu, footer and side menu (%s) name no such host, and privacy and FAQ are our own pages', async (lang) => {
    const res = await t.json('GET', `/dev/config/v2/components?type=topMenu&type=footer&type=leftMenu&lang=${lang}`)
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body).match(deadHost)).toBeNull()
    const footer = res.body.data.footer[0]
    expect(footer.privacy).toMatchObject({ navigationType: 'internal', slug: { current: 'privacy' } })
    const footerSlugs = footer.columns.flatMap((c: { links: { slug?: { current: string } }[] }) => c.links.map((l) => l.slug?.current))
    expect(footerSlugs).toContain('faq')
  })

  it.each(['privacy', 'faq', 'webinar-getting-started', 'webinar-web-payment', 'webinar-dynamic-qr', 'webinar-native-payment', 'webinar-mini-apps'])(
    'page %s exists in both languages',
    async (slug) => {
      for (const lang of ['jp', 'en']) {
        const res = await t.json('GET', `/dev/config/pages?type=page&slug=${slug}&lang=${lang}`)
        expect(res.status, `${slug} (${lang})`).toBe(200)
        expect(res.body.data.title.length).toBeGreaterThan(0)
      }
    },
  )

  it('every webinar session links to a page of our own', async () => {
    for (const lang of ['jp', 'en']) {
      const res = await t.json('GET', `/dev/webinarVideos/content?lang=${lang}`)
      const hrefs = res.body.data.videos.map((v: { href: string }) => v.href)
      expect(hrefs).toHaveLength(5)
      for (const href of hrefs) expect(href).toMatch(/^\/webinar\/[a-z-]+$/)
    }
  })
})
