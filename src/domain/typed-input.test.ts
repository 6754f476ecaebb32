import { describe, expect, it } from 'vitest'
import { normalizeTyped, normalizeTypedAmount } from './typed-input.ts'

describe('normalizeTyped (issue 20: full-width input)', () => {
  it.each([
    ['１２３４', '1234'], // OTP
    ['ｑｒ', 'qr'], // search words
    ['０８１０００１６', '08100016'], // resolver code id
    ['ＵＮＡＵＴＨＯＲＩＺＥＤ', 'UNAUTHORIZED'], // resolver code
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'taro@example.com'], // e-mail
    ['ｈｔｔｐｓ：／／ｓｈｏｐ．ｅｘａｍｐｌｅ．ｃｏｍ／ｈｏｏｋ', 'https://shop.example.com/hook'], // URL
    ['　taro@example.com　', 'taro@example.com'], // ideographic spaces around
    ['ｶｰﾄﾞ', 'カード'], // half-width kana become ordinary kana
    ['決済', '決済'],
  ])('%s → %s', (typed, read) => expect(normalizeTyped(typed)).toBe(read))

  it('keeps the spaces around when asked (while a field is being typed in)', () => {
    expect(normalizeTyped('ｑｒ　', { trim: false })).toBe('qr ')
  })

  it.each([
    ['１０００', '1000'],
    ['１，０００', '1000'],
    ['¥1,000', '1000'],
    ['￥１２，３４５，６７８円', '12345678'],
    [' 500 ', '500'],
    ['1,00', '1,00'],
    ['abc', 'abc'],
  ])('amount %s → %s', (typed, read) => expect(normalizeTypedAmount(typed)).toBe(read))
})
