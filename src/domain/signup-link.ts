import { limits } from './limits.ts'
/**
 * Mailing the sign-up link to a phone user (issue 20; spec §2 refuses sign-up on phones). POST JSON `{ email }`.
 * At most `perAddress` mails to one address and `perClient` from one client per window (then 429 RATE_LIMIT with retry_after_seconds).
 */
export const signupLinkPath = '/dev/v1/signupLink'

export const signupLinkRules = limits.requestMails
