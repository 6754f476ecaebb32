/**
 * One name per product everywhere (issue 20): sign-up, the lab's tabs, Settings → OPA Scopes and the sample catalogue
 * read src/domain/products.ts; the Markdown content cannot, so this test holds it to the table — in Japanese and in
 * English, the product's docs page title, its cards on the home page and the docs index, and the menus.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { productDocsPath, products } from '@/domain/products.ts'

const read = (path: string) => readFileSync(new URL(`../../src/content/${path}`, import.meta.url), 'utf8')
const languages = [
  { lang: 'ja', nameOf: (p: (typeof products)[number]) => p.nameJp },
  { lang: 'en', nameOf: (p: (typeof products)[number]) => p.name },
] as const

describe.each(languages)('product names in the $lang content', ({ lang, nameOf }) => {
  it.each(products.map((p) => [p.model, p] as const))('%s: docs page title, cards and menus say the table name', (_model, product) => {
    const path = productDocsPath[product.model]
    const name = nameOf(product)
    const page = read(`${lang}${path}.md`)
    expect(page.match(/^title: (.*)$/m)?.[1]).toBe(name)
    for (const file of ['pages/home.md', 'products/docs/index.md']) {
      const cards = [...read(`${lang}/${file}`).matchAll(/::card\{title="([^"]*)"[^}]*href="([^"]*)"/g)]
      const card = cards.find((m) => m[2] === path)
      expect(card?.[1], `${file} card of ${path}`).toBe(name)
    }
    for (const file of ['site/top-menu.yaml', 'site/left-menu.yaml', 'site/footer.yaml']) {
      const slug = path.slice(1)
      for (const line of read(`${lang}/${file}`)
        .split('\n')
        .filter((l) => l.includes(`title:`) && new RegExp(`slug: (\\{ current: )?${slug}( |\\}|$)`).test(l)))
        expect(line.match(/title: ([^,]+),/)?.[1], `${file}: ${line}`).toBe(name)
    }
  })

  it('no page calls a product by another name the table once had', () => {
    const retired = lang === 'ja' ? ['動的QRコード', 'アプリ起動決済', '継続決済'] : ['Pre-authorization and Capture']
    for (const file of ['pages/home.md', 'products/docs/index.md', ...products.map((p) => `${productDocsPath[p.model].slice(1)}.md`)])
      for (const name of retired) expect(read(`${lang}/${file}`), file).not.toContain(name)
  })
})
