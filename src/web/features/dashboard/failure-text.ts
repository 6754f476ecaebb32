import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isErrorCode } from '@/domain/errors.ts'
import { errorText } from '@/web/lib/error-text.ts'
import { sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'

/** Spec §8, the dashboard's own words for a failure that is nobody's input: no answer, a server error, a code this page does not know. */
const dashboardOops = msg`Oops! Something went wrong, please try after sometime!`

/**
 * A dashboard failure in the UI's language (spec §8 "Dashboard"): a 401 reads 'Timed out, please sign in again to
 * continue'; a system failure reads 'Oops! Something went wrong, please try after sometime!'; a code the server gave
 * for this request (a refused top-up, the last key) keeps its catalogue text.
 */
export function dashboardFailureText(i18n: I18n, code: string): string {
  if (code === unknownErrorCode || code === 'INTERNAL_SERVER_ERROR' || (!isErrorCode(code) && code !== sessionTimedOutCode)) return i18n._(dashboardOops)
  return errorText(i18n, code)
}
