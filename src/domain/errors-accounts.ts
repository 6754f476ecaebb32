import { errorOf as e, type ErrorEntry } from './error-entry.ts'

/**
 * Error catalogue of the account API (spec §8). The numeric codes are the provider's; the named ones are
 * PayLab's own for cases the spec leaves "not shown". HTTP statuses are our choice (table in docs/accounts.md).
 * Texts the spec quotes are kept verbatim, including its spelling ('Somthing').
 */
export const accountErrors = {
  /** Sign-up with an e-mail that already has a developer account. */
  '040000019': e(
    409,
    '040000019',
    /*i18n*/ {
      id: 'error.040000019',
      message: 'This e-mail address is already registered. Please sign in, or sign up with a different e-mail address.',
    },
  ),
  /**
   * 'Non developer account': the e-mail belongs to a wallet-app (or business product) account. At sign-in it
   * opens the terms-acceptance panel; at sign-up it asks for an address not used in the app.
   */
  '040000018': e(
    403,
    '040000018',
    /*i18n*/ {
      id: 'error.040000018',
      message:
        'This e-mail address is used in the app or a business product. Please register with an e-mail address not used in the app or a business product.',
    },
  ),
  /** Sign-in with an e-mail that has no account at all. */
  '040000002': e(
    404,
    '040000002',
    /*i18n*/ {
      id: 'error.040000002',
      message: 'There is no developer account for this e-mail address. Please sign up.',
    },
  ),
  '01102004': e(
    401,
    '01102004',
    /*i18n*/ {
      id: 'error.01102004',
      message: 'The e-mail address or password is incorrect.',
    },
  ),
  '01101007': e(
    423,
    '01101007',
    /*i18n*/ {
      id: 'error.01101007',
      message: 'Too many failed logins. The account is temporarily locked; please try again later.',
    },
  ),
  /** Sign-in needs a one-time password (new device): data.otp_reference_id opens the OTP panel. Empty message (spec §8). */
  '040000020': e(403, '040000020', null),
  /** Resend asked before the cooldown ended: data.retry_after_seconds; the portal shows its own countdown text. Empty message (spec §8). */
  '01103101': e(429, '01103101', null),
  /** A wrong one-time password (spec §8 'invalid grant' with the OTP). */
  INVALID_GRANT: e(400, '01102005', /*i18n*/ { id: 'error.INVALID_GRANT', message: 'OTP is not valid.' }),
  OTP_EXPIRED: e(
    410,
    '01103102',
    /*i18n*/ {
      id: 'error.OTP_EXPIRED',
      message: 'This one-time password has expired or was already used. Please start again.',
    },
  ),
  OTP_ATTEMPTS_EXCEEDED: e(
    410,
    '01103103',
    /*i18n*/ {
      id: 'error.OTP_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong one-time passwords. Please start again.',
    },
  ),
  SIGNUP_FAILED: e(
    502,
    '040000099',
    /*i18n*/ {
      id: 'error.SIGNUP_FAILED',
      message: 'Somthing went wrong, Try again later',
    },
  ),
  PASSWORD_RESET_FAILED: e(
    502,
    '040000098',
    /*i18n*/ {
      id: 'error.PASSWORD_RESET_FAILED',
      message: 'Oops! Something went wrong. Please try again later.',
    },
  ),
  EMAIL_INVALID: e(400, '08100006', /*i18n*/ { id: 'error.EMAIL_INVALID', message: 'Email is not valid!' }),
  PASSWORD_POLICY: e(
    400,
    '08100006',
    /*i18n*/ {
      id: 'error.PASSWORD_POLICY',
      message: 'The password must be 6 to 32 characters with at least one symbol, one digit, one lowercase and one uppercase letter.',
    },
  ),
  TERMS_TICKET_INVALID: e(
    400,
    '040000021',
    /*i18n*/ {
      id: 'error.TERMS_TICKET_INVALID',
      message: 'The terms acceptance has expired. Please sign in again.',
    },
  ),
  RESET_TOKEN_INVALID: e(
    400,
    '040000022',
    /*i18n*/ {
      id: 'error.RESET_TOKEN_INVALID',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    },
  ),
  LOGO_REQUIRED: e(400, '040000030', /*i18n*/ { id: 'error.LOGO_REQUIRED', message: 'Kindly upload your logo!' }),
  LOGO_TYPE: e(415, '040000031', /*i18n*/ { id: 'error.LOGO_TYPE', message: 'The logo must be a JPG or PNG image.' }),
  LOGO_TOO_LARGE: e(
    413,
    '040000032',
    /*i18n*/ {
      id: 'error.LOGO_TOO_LARGE',
      message: 'The logo file must be 256 KB or smaller.',
    },
  ),
  LOGO_DIMENSIONS: e(
    400,
    '040000033',
    /*i18n*/ {
      id: 'error.LOGO_DIMENSIONS',
      message: 'The logo must be square (1:1) and at most 222×222 pixels.',
    },
  ),
  MERCHANT_ALREADY_CREATED: e(
    409,
    '040000034',
    /*i18n*/ {
      id: 'error.MERCHANT_ALREADY_CREATED',
      message: 'The merchant of this account has already been created.',
    },
  ),
  EMAIL_MISMATCH: e(
    403,
    '040000035',
    /*i18n*/ {
      id: 'error.EMAIL_MISMATCH',
      message: 'The e-mail address does not match the signed-in account.',
    },
  ),
  API_KEY_LIMIT: e(
    409,
    '040000036',
    /*i18n*/ {
      id: 'error.API_KEY_LIMIT',
      message: 'This merchant already has the maximum number of active API keys.',
    },
  ),
} as const satisfies Record<string, ErrorEntry>

export type AccountErrorCode = keyof typeof accountErrors
