import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf } from './account-flow.ts'

/**
 * Forgot password (spec §2, §4): 1 e-mail entry → 2 success (done returns to sign-in) or 3 failure
 * ('Oops! Something went wrong…'). An answer that rejects the e-mail itself keeps the form with its error.
 */

/** Answers that mean "this e-mail cannot be reset" rather than "the service failed" (spec §8 codes). */
export const rejectedEmailCodes: readonly string[] = ['EMAIL_INVALID', 'INVALID_PARAMS', '040000002']

export interface RequestResetInput {
  email: string
}

export interface ForgotPasswordContext {
  email: string
  errorCode: string | null
}

export type ForgotPasswordEvent =
  | { type: 'forgot.submit'; email: string }
  | { type: 'forgot.retry' }
  | { type: 'forgot.done' }

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** POST /v1/dpSignIn/passwordReset {email}: the server e-mails a link to the reset page. */
    requestReset: fromPromise<unknown, RequestResetInput>(async () => undefined),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
  },
  guards: {
    isRejectedEmail: (_, params: { error: unknown }) => rejectedEmailCodes.includes(errorCodeOf(params.error)),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.submit': {
          target: 'submitting',
          actions: assign({ email: ({ event }) => event.email, errorCode: null }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: [
          {
            guard: { type: 'isRejectedEmail', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    sent: {
      on: { 'forgot.done': 'done' },
    },
    failed: {
      on: { 'forgot.retry': { target: 'editing', actions: assign({ errorCode: null }) } },
    },
    /** Back to sign-in (the page navigates). */
    done: { type: 'final' },
  },
})
