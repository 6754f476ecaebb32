import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorMessage } from '@/domain/errors.ts'
import '@/domain/errors-accounts.ts'
import '@/domain/errors-dashboard.ts'
import type { Lang } from '@/domain/i18n.ts'
import { sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'

const timedOut = msg`Timed out, please sign in again to continue`

export const langOf = (i18n: I18n): Lang => (i18n.locale === 'en' ? 'en' : 'ja')

/**
 * The text for an error code a machine holds: the portal's own codes here, the server's from the shared error
 * catalogue (spec §8, exact ja/en texts) in the current language.
 */
export function errorText(i18n: I18n, code: string | null): string {
  if (code === null) return ''
  if (code === sessionTimedOutCode) return i18n._(timedOut)
  if (code === unknownErrorCode) return errorMessage('INTERNAL_SERVER_ERROR', langOf(i18n))
  return errorMessage(code, langOf(i18n))
}
