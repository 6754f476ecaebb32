import { limits } from '../src/domain/limits.ts'

/**
 * Pieces the account machines share (sign-up, sign-in, forgot and reset password). Machines hold error *codes*;
 * the portal turns them into text.
 */

/** The OTP countdown advances once a second; the length comes from spec §9 (60 s) unless a test gives another. */
export const countdownTickMs = 1_000
export const defaultResendSeconds = Math.round(limits.otpResendCooldownMs / countdownTickMs)

/** Codes a machine sets when a call failed without a catalogued code. */
export const unknownErrorCode = 'UNKNOWN_ERROR'
/** The session timed out during a flow (an authenticated call answered 401). */
export const sessionTimedOutCode = 'SESSION_TIMED_OUT'

/** What account API actors reject with: the `resultInfo.code` of the answer, and its `data` when useful. */
export class AccountFlowError extends Error {
  readonly code: string
  readonly data: unknown
  constructor(code: string, data: unknown = null) {
    super(code)
    this.name = 'AccountFlowError'
    this.code = code
    this.data = data
  }
}

export function errorCodeOf(error: unknown): string {
  if (error instanceof AccountFlowError) return error.code
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code
  return unknownErrorCode
}

/** Params that hand an invoke's error to a guard or to `setError`: `{ guard: { type: 'isX', params: errorParams } }`. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })
/** The `setError` action (each account machine defines it) with the error of the failed invoke. */
export const setErrorFromEvent = { type: 'setError', params: errorParams } as const
