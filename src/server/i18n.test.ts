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
})
