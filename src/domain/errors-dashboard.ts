import { errorOf, type ErrorEntry } from './error-entry.ts'

/**
 * Error codes of the signed-in developer's tools (issue 12; docs/dashboard.md): mode and assumed merchant, keys,
 * top-up. PayLab's own codes (the spec shows none for these calls); codeIds start with `98`.
 */
const e = errorOf

export const dashboardErrors = {
  ASSUMED_MERCHANT_REFUSED: e(
    403,
    '98000001',
    /*i18n*/ { id: 'error.ASSUMED_MERCHANT_REFUSED', message: 'X-ASSUME-MERCHANT names a merchant that is not yours, or not the one of the selected mode.' },
  ),
  MERCHANT_REQUIRED: e(409, '98000002', /*i18n*/ { id: 'error.MERCHANT_REQUIRED', message: 'Finish sign-up first: the account has no merchant yet.' }),
  LIVE_MODE_INACTIVE: e(409, '98000003', /*i18n*/ { id: 'error.LIVE_MODE_INACTIVE', message: 'Live mode is not activated yet. Activate the account first.' }),
  API_KEY_NOT_FOUND: e(404, '98000004', /*i18n*/ { id: 'error.API_KEY_NOT_FOUND', message: 'No active API key with this id.' }),
  API_KEY_LAST: e(
    409,
    '98000005',
    /*i18n*/ { id: 'error.API_KEY_LAST', message: 'This is the last active key of the merchant. Generate a new key before revoking it.' },
  ),
  MERCHANT_TOP_UP_LIMIT: e(
    409,
    '98000006',
    /*i18n*/ { id: 'error.MERCHANT_TOP_UP_LIMIT', message: 'The sandbox balance was already topped up this month. Try again next month.' },
  ),
} as const satisfies Record<string, ErrorEntry>
