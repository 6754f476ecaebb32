import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorMessage, isErrorCode } from '@/domain/errors.ts'
import { sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'
import { langOf } from './i18n.ts'

// Every error code's message is in the `errors` catalog (lingui.config.ts), which the routes whose pages show error
// texts load (lib/i18n.ts `catalogLoader`).

const timedOut = msg`Timed out, please sign in again to continue`

export { langOf }

/**
 * The text for an error code a machine holds: the portal's own codes here, the server's from the shared error
 * catalogue (spec §8, exact ja/en texts) in the current language.
 * A code the catalogue does not know (a server newer than this page) shows the system error, like no answer at all.
 */
export function errorText(i18n: I18n, code: string | null): string {
  if (code === null) return ''
  if (code === sessionTimedOutCode) return i18n._(timedOut)
  if (code === unknownErrorCode || !isErrorCode(code)) return errorMessage(i18n, 'INTERNAL_SERVER_ERROR')
  return errorMessage(i18n, code)
}
