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

/**
 * Who is already signed in on this browser when an account page (sign-in, sign-up) opens: the account's sign-up
 * status (spec §3) and e-mail, or null when no one is. The feature hook answers it from the stored token and the
 * profile; it never fails (a profile it cannot read counts as no one).
 */
export interface ExistingSession {
  status: string
  email: string
}
/** spec §3: the sign-up statuses of an account that has not finished sign-up (it resumes at step 3). */
export const pendingSignUpStatuses: readonly string[] = ['PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION']
/** Params handing the existing session a check answered to a guard. */
export const sessionParams = ({ event }: { event: { output: ExistingSession | null } }) => ({ session: event.output })
export const isFinishedSession = (_: unknown, params: { session: ExistingSession | null }) => params.session?.status === 'COMPLETED'
export const isUnfinishedSession = (_: unknown, params: { session: ExistingSession | null }) =>
  params.session !== null && pendingSignUpStatuses.includes(params.session.status)

/**
 * The state both account pages open in when they ask who is signed in here (`existingSession`): a finished account
 * goes to `finished`, an unfinished one to `unfinished` (remembering its e-mail), no one to `none`. The machine
 * provides the `existingSession` actor, the two guards above and the `rememberSessionEmail` action.
 */
export function checkingSessionState<const T extends { screenTag: string; finished: string; unfinished: string; none: string }>(to: T) {
  return {
    description: 'Asks who is signed in on this browser already; the form shows, waiting.',
    tags: [to.screenTag, 'busy.checkingSession'],
    invoke: {
      id: 'existingSession',
      src: 'existingSession',
      onDone: [
        {
          guard: { type: 'isFinishedSession', params: sessionParams },
          target: to.finished,
          description: 'A finished account is signed in already: on to myhome (issue 11)',
        },
        {
          guard: { type: 'isUnfinishedSession', params: sessionParams },
          target: to.unfinished,
          actions: { type: 'rememberSessionEmail', params: sessionParams },
          description: 'An account with an unfinished sign-up is signed in: sign-up resumes at step 3',
        },
        { target: to.none, description: 'No one is signed in' },
      ],
    },
  } as const
}
