import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type APIRequestContext, type Page } from './hydrated-test.ts'
import { settleAnimations } from './animations.ts'

/** Helpers shared by the docs-*.spec.ts browser tests: the reader's language, the pages as the API lists them, axe. */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type Lang = 'ja' | 'en'
interface Summary {
  slug: string
  title: string
}
interface FullPage {
  title: string
  toc: { id: string; text: string }[]
  hideTOC: boolean
  protected: boolean
}

export async function useLang(page: Page, lang: Lang) {
  // the portal keeps the language in localStorage (spec §3) and its mirror, the `lang` cookie the server renders in
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(
    (stored) => {
      if (!sessionStorage.getItem('docs-e2e-lang-set')) {
        localStorage.setItem('lang', stored)
        sessionStorage.setItem('docs-e2e-lang-set', '1')
      }
    },
    lang === 'ja' ? 'jp' : 'en',
  )
}

export async function listPages(request: APIRequestContext, type: string, lang: Lang): Promise<Summary[]> {
  const res = await request.get(`/dev/config/pages?type=${type}&lang=${lang === 'ja' ? 'jp' : 'en'}`)
  expect(res.ok()).toBe(true)
  return (await res.json()).data
}

export async function getPage(request: APIRequestContext, type: string, slug: string, lang: Lang): Promise<FullPage> {
  const res = await request.get(`/dev/config/pages?type=${type}&slug=${encodeURIComponent(slug)}&lang=${lang === 'ja' ? 'jp' : 'en'}`)
  expect(res.ok(), `${type}.${slug} (${lang})`).toBe(true)
  return (await res.json()).data
}

export async function expectAxeClean(page: Page) {
  await settleAnimations(page)
  await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
  })
  expect(violations).toEqual([])
}

/** The server parses all content once after it starts listening; a `test.beforeAll` waits for that before timing anything. */
export async function contentParsed({ request }: { request: APIRequestContext }) {
  test.setTimeout(240_000)
  for (let i = 0; i < 240; i++) {
    const res = await request.get('/dev/config/pages?type=page&slug=home&lang=en', { timeout: 240_000 })
    if (res.ok()) return
    await new Promise((r) => setTimeout(r, 1_000))
  }
}
