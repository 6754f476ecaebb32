import { describe, expect, it } from 'vitest'
import { errorCodes, errorMessage } from '@/domain/errors.ts'
import { i18nFor } from '../../../tests/support/i18n.ts'
import { sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'
import { errorText } from './error-text.ts'
import { activate, browserI18n as i18n, loadCatalogs } from './i18n.ts'

describe('errorText', () => {
  it('has the text of every code once a route loaded the errors catalog, in both languages (a language change loads it again), as the server answers it', async () => {
    await activate('ja')
    await loadCatalogs(i18n, ['messages', 'errors'])
    for (const lang of ['ja', 'en'] as const) {
      await activate(lang)
      for (const code of errorCodes) expect(errorText(i18n, code), `${code} ${lang}`).toBe(errorMessage(i18nFor(lang), code))
      expect(errorText(i18n, 'INVALID_GRANT')).toBe(lang === 'ja' ? 'ワンタイムパスワードが無効です。' : 'OTP is not valid.')
    }
  })

  it('shows the system error for no answer and for a code the catalogue does not know, nothing for no code', async () => {
    await activate('ja')
    const system = 'システムエラーが発生しました。時間を置いて再度お試しください。'
    expect(errorText(i18n, unknownErrorCode)).toBe(system)
    expect(errorText(i18n, 'A_CODE_OF_A_NEWER_SERVER')).toBe(system)
    expect(errorText(i18n, 'toString')).toBe(system)
    expect(errorText(i18n, null)).toBe('')
    expect(errorText(i18n, sessionTimedOutCode)).not.toBe(system)
  })
})
