import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as enDashboard } from '../../../../locales/en/dashboard.ts'
import { messages as enErrors } from '../../../../locales/en/errors.ts'
import { messages as enMain } from '../../../../locales/en/messages.ts'
import { messages as jaDashboard } from '../../../../locales/ja/dashboard.ts'
import { messages as jaErrors } from '../../../../locales/ja/errors.ts'
import { messages as jaMain } from '../../../../locales/ja/messages.ts'
import { dashboardFailureText } from './failure-text.ts'

const i18nIn = (locale: 'en' | 'ja') =>
  setupI18n({ locale, messages: { en: { ...enMain, ...enErrors, ...enDashboard }, ja: { ...jaMain, ...jaErrors, ...jaDashboard } } })

/** Issue 20 / spec §8 "Dashboard": the dashboard's own two failure texts, in both languages. */
describe('dashboard failures', () => {
  it("say spec §8's words for a system failure and an ended session (en)", () => {
    const en = i18nIn('en')
    for (const code of ['UNKNOWN_ERROR', 'INTERNAL_SERVER_ERROR', 'A_CODE_FROM_A_NEWER_SERVER'])
      expect(dashboardFailureText(en, code)).toBe('Oops! Something went wrong, please try after sometime!')
    expect(dashboardFailureText(en, 'SESSION_TIMED_OUT')).toBe('Timed out, please sign in again to continue')
    // a refusal of this request keeps its own text
    expect(dashboardFailureText(en, 'API_KEY_LAST')).toBe('This is the last active key of the merchant. Generate a new key before revoking it.')
  })

  it('say them in Japanese in the Japanese portal', () => {
    const ja = i18nIn('ja')
    expect(dashboardFailureText(ja, 'UNKNOWN_ERROR')).toBe('エラーが発生しました。しばらくしてから再度お試しください。')
    expect(dashboardFailureText(ja, 'SESSION_TIMED_OUT')).toBe('タイムアウトしました。続けるには再度サインインしてください')
  })
})
