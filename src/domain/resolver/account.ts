import { type ResolverEntry, acct } from './entry.ts'

/** Resolver entries of the portal's account API (assembled by src/domain/resolver.ts). */
export const accountEntries: readonly ResolverEntry[] = [
  // ── portal account API ──────────────────────────────────────────────────────────────────────────────────
  acct(
    '040000019',
    /*i18n*/ { id: 'resolver.040000019.cause', message: 'Sign-up with an e-mail that already has a developer account.' },
    /*i18n*/ { id: 'resolver.040000019.fix', message: 'Sign in instead, or sign up with another e-mail.' },
  ),
  acct(
    '040000018',
    /*i18n*/ { id: 'resolver.040000018.cause', message: 'The e-mail belongs to a wallet-app or business account (non developer account).' },
    /*i18n*/ { id: 'resolver.040000018.fix', message: 'At sign-in accept the terms to make it a developer account; at sign-up use another e-mail.' },
  ),
  acct(
    '040000002',
    /*i18n*/ { id: 'resolver.040000002.cause', message: 'No account exists for this e-mail.' },
    /*i18n*/ { id: 'resolver.040000002.fix', message: 'Sign up first.' },
  ),
  acct(
    '01102004',
    /*i18n*/ { id: 'resolver.01102004.cause', message: 'The e-mail or the password is wrong.' },
    /*i18n*/ { id: 'resolver.01102004.fix', message: 'Check both, or reset the password.' },
  ),
  acct(
    '01101007',
    /*i18n*/ { id: 'resolver.01101007.cause', message: 'Too many failed sign-ins: the account is locked for 15 minutes.' },
    /*i18n*/ { id: 'resolver.01101007.fix', message: 'Wait, then sign in; reset the password if you forgot it.' },
  ),
  acct(
    '040000020',
    /*i18n*/ { id: 'resolver.040000020.cause', message: 'Sign-in from a new device needs a one-time password.' },
    /*i18n*/ { id: 'resolver.040000020.fix', message: 'Enter the 4-digit code mailed to you.' },
    { meaning: /*i18n*/ { id: 'resolver.040000020.meaning', message: 'One-time password required.' } },
  ),
  acct(
    '01103101',
    /*i18n*/ { id: 'resolver.01103101.cause', message: 'A new one-time password was asked for before the 60-second wait ended.' },
    /*i18n*/ { id: 'resolver.01103101.fix', message: 'Wait for the countdown, then resend.' },
    { meaning: /*i18n*/ { id: 'resolver.01103101.meaning', message: 'Please wait before requesting a new OTP.' } },
  ),
  acct(
    'INVALID_GRANT',
    /*i18n*/ { id: 'resolver.INVALID_GRANT.cause', message: 'The one-time password is wrong.' },
    /*i18n*/ { id: 'resolver.INVALID_GRANT.fix', message: 'Enter the latest code from the mail.' },
  ),
  acct(
    'OTP_EXPIRED',
    /*i18n*/ { id: 'resolver.OTP_EXPIRED.cause', message: 'The one-time password expired (10 minutes) or was used.' },
    /*i18n*/ { id: 'resolver.OTP_EXPIRED.fix', message: 'Start again to get a new code.' },
  ),
  acct(
    'OTP_ATTEMPTS_EXCEEDED',
    /*i18n*/ { id: 'resolver.OTP_ATTEMPTS_EXCEEDED.cause', message: 'Five wrong one-time passwords in a row.' },
    /*i18n*/ { id: 'resolver.OTP_ATTEMPTS_EXCEEDED.fix', message: 'Start again to get a new code.' },
  ),
  acct(
    'SIGNUP_FAILED',
    /*i18n*/ { id: 'resolver.SIGNUP_FAILED.cause', message: 'Sign-up could not be completed.' },
    /*i18n*/ { id: 'resolver.SIGNUP_FAILED.fix', message: 'Try again later.' },
  ),
  acct(
    'PASSWORD_RESET_FAILED',
    /*i18n*/ { id: 'resolver.PASSWORD_RESET_FAILED.cause', message: 'The reset mail could not be sent.' },
    /*i18n*/ { id: 'resolver.PASSWORD_RESET_FAILED.fix', message: 'Try again later.' },
  ),
  acct(
    'EMAIL_INVALID',
    /*i18n*/ { id: 'resolver.EMAIL_INVALID.cause', message: 'The e-mail address is not valid.' },
    /*i18n*/ { id: 'resolver.EMAIL_INVALID.fix', message: 'Enter an address like name@example.com.' },
  ),
  acct(
    'PASSWORD_POLICY',
    /*i18n*/ { id: 'resolver.PASSWORD_POLICY.cause', message: 'The password breaks the policy.' },
    /*i18n*/ { id: 'resolver.PASSWORD_POLICY.fix', message: 'Use 6 to 32 characters with a symbol, a digit, a lowercase and an uppercase letter.' },
  ),
  acct(
    'TERMS_TICKET_INVALID',
    /*i18n*/ { id: 'resolver.TERMS_TICKET_INVALID.cause', message: 'The terms acceptance took too long (10 minutes).' },
    /*i18n*/ { id: 'resolver.TERMS_TICKET_INVALID.fix', message: 'Sign in again.' },
  ),
  acct(
    'RESET_TOKEN_INVALID',
    /*i18n*/ { id: 'resolver.RESET_TOKEN_INVALID.cause', message: 'The password-reset link expired (30 minutes) or was used.' },
    /*i18n*/ { id: 'resolver.RESET_TOKEN_INVALID.fix', message: 'Ask for a new reset mail.' },
  ),
  acct(
    'LOGO_REQUIRED',
    /*i18n*/ { id: 'resolver.LOGO_REQUIRED.cause', message: 'No logo file was sent.' },
    /*i18n*/ { id: 'resolver.LOGO_REQUIRED.fix', message: 'Choose a JPG or PNG logo, or skip the step.' },
  ),
  acct(
    'LOGO_TYPE',
    /*i18n*/ { id: 'resolver.LOGO_TYPE.cause', message: 'The file is not a JPG or PNG image.' },
    /*i18n*/ { id: 'resolver.LOGO_TYPE.fix', message: 'Upload a JPG or PNG.' },
  ),
  acct(
    'LOGO_TOO_LARGE',
    /*i18n*/ { id: 'resolver.LOGO_TOO_LARGE.cause', message: 'The logo file is larger than 256 KB.' },
    /*i18n*/ { id: 'resolver.LOGO_TOO_LARGE.fix', message: 'Compress or shrink the image.' },
  ),
  acct(
    'LOGO_DIMENSIONS',
    /*i18n*/ { id: 'resolver.LOGO_DIMENSIONS.cause', message: 'The logo is not square or larger than 222×222 px.' },
    /*i18n*/ { id: 'resolver.LOGO_DIMENSIONS.fix', message: 'Upload a square image up to 222×222 px.' },
  ),
  acct(
    'MERCHANT_ALREADY_CREATED',
    /*i18n*/ { id: 'resolver.MERCHANT_ALREADY_CREATED.cause', message: 'The account has its merchant already.' },
    /*i18n*/ { id: 'resolver.MERCHANT_ALREADY_CREATED.fix', message: 'Go to the dashboard.' },
  ),
  acct(
    'EMAIL_MISMATCH',
    /*i18n*/ { id: 'resolver.EMAIL_MISMATCH.cause', message: "The e-mail in the request is not the signed-in account's." },
    /*i18n*/ { id: 'resolver.EMAIL_MISMATCH.fix', message: "Send the signed-in account's e-mail." },
  ),
  acct(
    'API_KEY_LIMIT',
    /*i18n*/ { id: 'resolver.API_KEY_LIMIT.cause', message: 'The merchant has 20 active keys.' },
    /*i18n*/ { id: 'resolver.API_KEY_LIMIT.fix', message: 'Revoke keys you no longer use, then generate a new one.' },
  ),
  acct(
    'ASSUMED_MERCHANT_REFUSED',
    /*i18n*/ { id: 'resolver.ASSUMED_MERCHANT_REFUSED.cause', message: "X-ASSUME-MERCHANT names a merchant that is not yours or not the selected mode's." },
    /*i18n*/ { id: 'resolver.ASSUMED_MERCHANT_REFUSED.fix', message: 'Send the merchant id of the selected mode (test or live) shown on the dashboard.' },
  ),
  acct(
    'MERCHANT_REQUIRED',
    /*i18n*/ { id: 'resolver.MERCHANT_REQUIRED.cause', message: 'Sign-up stopped before the merchant was created.' },
    /*i18n*/ { id: 'resolver.MERCHANT_REQUIRED.fix', message: 'Finish sign-up (merchant and products).' },
  ),
  acct(
    'LIVE_MODE_INACTIVE',
    /*i18n*/ { id: 'resolver.LIVE_MODE_INACTIVE.cause', message: 'Live mode was asked for before the account was activated.' },
    /*i18n*/ { id: 'resolver.LIVE_MODE_INACTIVE.fix', message: 'Activate the account from the dashboard.' },
  ),
  acct(
    'API_KEY_NOT_FOUND',
    /*i18n*/ { id: 'resolver.API_KEY_NOT_FOUND.cause', message: "No active key with this id (already revoked, or another merchant's)." },
    /*i18n*/ { id: 'resolver.API_KEY_NOT_FOUND.fix', message: 'Refresh the key list.' },
  ),
  acct(
    'API_KEY_LAST',
    /*i18n*/ { id: 'resolver.API_KEY_LAST.cause', message: 'Revoking it would leave the merchant without a key.' },
    /*i18n*/ { id: 'resolver.API_KEY_LAST.fix', message: 'Generate a new key first, switch your code to it, then revoke the old one.' },
  ),
  acct(
    'CROSS_SITE_REQUEST',
    /*i18n*/ {
      id: 'resolver.CROSS_SITE_REQUEST.cause',
      message: "A browser sent a state-changing portal call from another site (its Origin or Sec-Fetch-Site header is not the portal's own).",
    },
    /*i18n*/ {
      id: 'resolver.CROSS_SITE_REQUEST.fix',
      message: "Call the portal API from the portal's own pages, or from a server (which sends no Origin header).",
    },
  ),
  acct(
    'UNKNOWN_HOST',
    /*i18n*/ {
      id: 'resolver.UNKNOWN_HOST.cause',
      message:
        "The request's Host is not one of the server's own names (loopback, PUBLIC_ORIGIN, ALLOWED_HOSTS): the server refuses it so that no web page can reach it by pointing its own name at this machine (DNS rebinding).",
    },
    /*i18n*/ {
      id: 'resolver.UNKNOWN_HOST.fix',
      message:
        'Open the server at localhost or an address it listens on; the operator adds other names to ALLOWED_HOSTS (or sets PUBLIC_ORIGIN) and restarts it.',
    },
  ),
  acct(
    'MERCHANT_TOP_UP_LIMIT',
    /*i18n*/ { id: 'resolver.MERCHANT_TOP_UP_LIMIT.cause', message: 'The sandbox balance was topped up this month already (once a month).' },
    /*i18n*/ { id: 'resolver.MERCHANT_TOP_UP_LIMIT.fix', message: 'Wait for next month, or top up a single test user.' },
  ),
]
