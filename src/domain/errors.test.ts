import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '../../tests/support/i18n.ts'
import {
  ApiError,
  errorCatalogue,
  errorCodes,
  errorMessage,
  errorSourceMessage,
  isErrorCode,
  PublishedError,
  resultInfoOf,
  successInfo,
  type ErrorCode,
} from './errors.ts'
import { accountErrors } from './errors-accounts.ts'
import { dashboardErrors } from './errors-dashboard.ts'
import { sandboxStateErrors } from './errors-sandbox-state.ts'
import { sandboxErrors } from './errors-sandbox.ts'

const japanese = /[\u3040-\u30ff\u4e00-\u9faf]/
/** Codes whose message is empty on purpose (spec §8: the portal shows its own panel or countdown). */
const emptyOnPurpose: ErrorCode[] = ['040000020', '01103101']

/** The error catalogue's own Lingui catalog (lingui.config.ts), which the server reads and the browser loads with error-text.ts. */
const errorsCatalog = (lang: 'ja' | 'en') => {
  const po = PO.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lang, 'errors.po'), 'utf8'))
  return new Map(po.items.filter((i) => !i.obsolete).map((i) => [i.msgid, i.msgstr[0] ?? '']))
}

describe('error catalogue', () => {
  it('types its codes: a code outside the catalogue fails the typecheck, and a cast one the constructor', () => {
    // @ts-expect-error NOT_A_CODE is not a code of the catalogue
    expect(() => new ApiError('NOT_A_CODE')).toThrow(TypeError)
    // @ts-expect-error a typo of INVALID_PARAMS
    expect(() => resultInfoOf('INVALID_PARAM')).toThrow()
    // @ts-expect-error the message of an unknown code
    expect(() => errorMessage(i18nFor('en'), 'NOT_A_CODE')).toThrow()
    expect(new ApiError('INVALID_PARAMS').code).toBe('INVALID_PARAMS')
  })

  it('tells the codes of the catalogue from any other string (the wire, a machine, a query)', () => {
    expect(isErrorCode('UNAUTHORIZED')).toBe(true)
    expect(isErrorCode('01102004')).toBe(true)
    for (const other of ['NOT_A_CODE', 'unauthorized', '', 'toString', '__proto__', 'constructor', 1, null, undefined])
      expect(isErrorCode(other), String(other)).toBe(false)
    expect(errorCodes).toHaveLength(Object.keys(errorCatalogue).length)
  })

  it('is one object assembled from the areas, no code defined twice', () => {
    const areas = [accountErrors, dashboardErrors, sandboxErrors, sandboxStateErrors]
    const total = areas.reduce((n, area) => n + Object.keys(area).length, 0)
    expect(errorCodes.length).toBeGreaterThan(total)
    const seen = new Map<string, number>()
    for (const code of areas.flatMap((a) => Object.keys(a))) seen.set(code, (seen.get(code) ?? 0) + 1)
    expect([...seen].filter(([, n]) => n > 1)).toEqual([])
    for (const area of areas) for (const [code, entry] of Object.entries(area)) expect(errorCatalogue[code as ErrorCode], code).toBe(entry)
  })

  it('has every message in both languages, in its own catalog', () => {
    const ja = errorsCatalog('ja')
    const en = errorsCatalog('en')
    for (const code of errorCodes) {
      const descriptor = errorCatalogue[code].message
      if (descriptor === null) {
        expect(emptyOnPurpose, code).toContain(code)
        expect(errorMessage(i18nFor('ja'), code)).toBe('')
        expect(errorMessage(i18nFor('en'), code)).toBe('')
        continue
      }
      expect(descriptor.id, code).toBe(`error.${code}`)
      expect(descriptor.message, code).toBeTruthy()
      expect(en.get(descriptor.id), code).toBe(descriptor.message)
      expect(ja.get(descriptor.id), code).toMatch(japanese)
      expect(errorMessage(i18nFor('en'), code), code).toBe(descriptor.message)
      expect(errorMessage(i18nFor('ja'), code), code).toBe(ja.get(descriptor.id))
    }
  })

  it('answers resultInfo in the language of the I18n given, English without one', () => {
    expect(resultInfoOf('UNAUTHORIZED')).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized request', codeId: '08100016' })
    expect(resultInfoOf('UNAUTHORIZED', i18nFor('ja'))).toEqual({ code: 'UNAUTHORIZED', message: '認証されていないリクエストです。', codeId: '08100016' })
    expect(successInfo(i18nFor('ja'))).toEqual({ code: 'SUCCESS', message: '成功しました', codeId: '08100001' })
    expect(successInfo()).toEqual({ code: 'SUCCESS', message: 'Success', codeId: '08100001' })
    const error = new ApiError('01102004')
    expect(error).toMatchObject({ status: 401, codeId: '01102004', data: null, message: 'The e-mail address or password is incorrect.' })
    expect(error.resultInfo(i18nFor('ja')).message).toBe('メールアドレスまたはパスワードが正しくありません。')
    expect(error.resultInfo(i18nFor('en')).message).toBe(errorSourceMessage('01102004'))
    const overridden = new ApiError('INVALID_PARAMS', { codeId: '00200015', message: 'Invalid refund amount', status: 400, data: { x: 1 } })
    expect(overridden.resultInfo(i18nFor('ja'))).toEqual({ code: 'INVALID_PARAMS', message: 'Invalid refund amount', codeId: '00200015' })
    expect(overridden.data).toEqual({ x: 1 })
  })

  it('answers a published error outside the catalogue as given', () => {
    const published = new PublishedError({ code: 'USER_STATE_IS_NOT_ACTIVE', status: 400, codeId: '99300001', message: 'User state is not active.' })
    expect(isErrorCode(published.code)).toBe(false)
    expect(published.resultInfo()).toEqual({ code: 'USER_STATE_IS_NOT_ACTIVE', message: 'User state is not active.', codeId: '99300001' })
    expect(published).toMatchObject({ status: 400, data: null })
  })
})
