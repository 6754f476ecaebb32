/**
 * Japanese first (issue 20): the Japanese catalogs say everything in Japanese and call each product by the one name
 * of src/domain/products.ts. Names that stay as they are in Japanese (an API field, a product name of PayLab's own,
 * a term developers use in English) are listed here on purpose.
 */
import { readdirSync, readFileSync } from 'node:fs'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { products } from '@/domain/products.ts'

const dir = new URL('../../locales/ja/', import.meta.url)
const catalogs = readdirSync(dir)
  .filter((name) => name.endsWith('.po'))
  .map((name) => ({ name, items: PO.parse(readFileSync(new URL(name, dir), 'utf8')).items.filter((item) => !item.obsolete) }))

/** Kept in Latin letters in Japanese on purpose. */
const sameInJapanese = new Set(['codeId', 'Node.js SDK', 'PayLab Lab', 'Webhook URL', 'Open Payment API', 'you@example.com'])
/** Names the products were once given in Japanese; the table's `nameJp` replaced them. */
const retiredNames = ['動的QR', 'アプリ起動決済', '継続決済']

describe.each(catalogs)('locales/ja/$name', ({ items }) => {
  it('translates every message (no English copied into the Japanese catalog)', () => {
    const copied = items.filter((item) => /[A-Za-z]{3}/.test(item.msgid) && item.msgstr[0] === item.msgid && !sameInJapanese.has(item.msgid))
    expect(copied.map((item) => item.msgid)).toEqual([])
  })

  it('names each product as the products table does', () => {
    for (const product of products) {
      for (const item of items.filter((i) => i.msgid === product.name)) expect(item.msgstr[0], product.name).toBe(product.nameJp)
    }
    const retired = items.filter((item) => retiredNames.some((name) => item.msgstr[0]?.includes(name)))
    expect(retired.map((item) => `${item.msgid} → ${item.msgstr[0]}`)).toEqual([])
  })

  it('says 型 for a data type and 種類 for a kind, never 文字 for "Type"', () => {
    for (const item of items.filter((i) => i.msgid === 'Type'))
      expect(item.msgstr[0], item.msgctxt ?? 'Type').toBe(item.msgctxt === 'data type' ? '型' : '種類')
  })
})

describe('one text per message across the catalogs', () => {
  it('never translates the same message two ways: the server renders with every catalog loaded, the browser with some', () => {
    const texts = new Map<string, Map<string, string>>()
    for (const { name, items } of catalogs)
      for (const item of items) {
        const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`
        const byText = texts.get(key) ?? new Map<string, string>()
        byText.set(item.msgstr[0] ?? '', name)
        texts.set(key, byText)
      }
    const twoWays = [...texts].filter(([, byText]) => byText.size > 1).map(([key, byText]) => `${key.split('\u0004')[1]}: ${[...byText].join(' / ')}`)
    expect(twoWays).toEqual([])
  })
})
