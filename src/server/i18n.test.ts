import { readdirSync, readFileSync } from 'node:fs'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { i18nFor, t } from './i18n.ts'

describe('server translations', () => {
  it('keeps one instance per language, each in its own locale (no global activation)', () => {
    expect(i18nFor('ja').locale).toBe('ja')
    expect(i18nFor('en').locale).toBe('en')
    expect(i18nFor('ja')).toBe(i18nFor('ja'))
  })

  it('answers a descriptor not in the catalogs with its own message, placeholders filled', () => {
    const fresh = { id: 'test.not-extracted', message: 'Hello {name}' }
    expect(t('en', fresh, { name: 'Taro' })).toBe('Hello Taro')
    expect(t('ja', fresh, { name: 'Taro' })).toBe('Hello Taro')
  })

  it('has the Japanese of every explicit-id message of every catalog (none falls back to English)', () => {
    const untranslated: string[] = []
    for (const name of readdirSync('locales/ja').filter((n) => n.endsWith('.po'))) {
      for (const item of PO.parse(readFileSync(`locales/ja/${name}`, 'utf8')).items) {
        if (!item.obsolete && item.extractedComments.includes('js-lingui-explicit-id') && !item.msgstr[0]) untranslated.push(`${name} ${item.msgid}`)
      }
    }
    expect(untranslated).toEqual([])
  })

  it('renders a server text in each language from the catalogs, placeholders filled', () => {
    const lead = { id: 'wallet.consentLead', message: '{merchant} would like to:' }
    expect(t('ja', lead, { merchant: 'Shop' })).toBe('Shop が次の操作を求めています。')
    expect(t('en', lead, { merchant: 'Shop' })).toBe('Shop would like to:')
  })
})
