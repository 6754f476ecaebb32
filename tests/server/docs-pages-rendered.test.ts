import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWeb } from '../../scripts/build-web.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

/**
 * Every documentation page as the server renders it, in Japanese and in English: its title as the page's heading and,
 * when the page shows one, its table of contents with every entry. The browser opens each page once
 * (tests/e2e/docs-pages.spec.ts); tests/e2e/server-rendering.spec.ts shows that hydration changes nothing of a docs page.
 * Uses the portal built by `npm test` (built here when it is missing or older than its sources).
 */
describe('every docs page, rendered by the server', () => {
  let t: TestApp
  beforeAll(async () => {
    await buildWeb()
    t = await createTestApp('pglite')
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  const routeOf = (type: string, slug: string) =>
    type === 'openPaymentApi' ? (slug === 'index' ? '/products/docs' : `/products/docs/${slug}`) : slug === 'index' ? '/miniapp/docs' : `/miniapp/docs/${slug}`
  /** An element's text as the page shows it: tags dropped, entities read, whitespace folded. */
  const textOf = (html: string | undefined) =>
    (html ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) =>
        e[0] === '#'
          ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
          : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[e.toLowerCase()]!,
      )
      .replace(/\s+/g, ' ')
      .trim()
  /** The text of the element with this id. */
  const textById = (html: string, id: string) => textOf(new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html)?.[2])

  describe.each(['openPaymentApi', 'miniappDocumentation'])('%s', (type) => {
    it.each(['jp', 'en'])(
      'every page in %s holds its title as the heading and its table of contents',
      async (lang) => {
        const list = await t.json('GET', `/dev/config/pages?type=${type}&lang=${lang}`)
        expect(list.status).toBe(200)
        const pages: { slug: string }[] = list.body.data
        expect(pages.length).toBeGreaterThan(0)
        for (const { slug } of pages) {
          const full = await t.json('GET', `/dev/config/pages?type=${type}&slug=${encodeURIComponent(slug)}&lang=${lang}`)
          expect(full.status, `${type}.${slug} (${lang})`).toBe(200)
          const {
            title,
            toc,
            hideTOC,
            protected: isProtected,
          } = full.body.data as {
            title: string
            toc: { text: string }[]
            hideTOC: boolean
            protected: boolean
          }
          const route = routeOf(type, slug)
          const res = await t.app.request(route, { headers: { cookie: `lang=${lang}` } })
          expect(res.status, route).toBe(200)
          const html = await res.text()
          expect(/^<!DOCTYPE html><html lang="(\w+)"/.exec(html)?.[1], route).toBe(lang === 'en' ? 'en' : 'ja')
          expect(
            [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1])),
            route,
          ).toContain(title)
          if (toc.length > 0 && !hideTOC && !isProtected) {
            const label = lang === 'en' ? 'On this page' : 'このページの内容'
            const nav = [...html.matchAll(/<nav\b[^>]*\saria-labelledby="([^"]+)"[^>]*>([\s\S]*?)<\/nav>/g)].find((m) => textById(html, m[1]!) === label)
            expect(nav, `${route} (${lang}) has its table of contents`).toBeDefined()
            const links = [...nav![2]!.matchAll(/<a\b[^>]*\shref="[^"]*"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => textOf(m[1]))
            expect(links.length, `${route} (${lang})`).toBe(toc.length)
            expect(links[0], route).toBe(textOf(toc[0]!.text))
          }
        }
      },
      60_000,
    )
  })
})
