import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf, errorParams, setErrorFromEvent } from './account-flow.ts'

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

export type ForgotPasswordEvent = { type: 'forgot.submit'; email: string } | { type: 'forgot.retry' } | { type: 'forgot.done' }

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent },
  actors: {
    /** POST /v1/dpSignIn/passwordReset {email}: the server e-mails a link to the reset page. */
    requestReset: fromPromise<unknown, RequestResetInput>(async () => undefined),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
  },
  guards: { isRejectedEmail: (_, params: { error: unknown }) => rejectedEmailCodes.includes(errorCodeOf(params.error)) },
}).createMachine({
  id: 'forgotPassword',
  description:
    'Forgot password: the user gives the e-mail address; the server e-mails a link to choose a new password. A refused address keeps the form with its message; a service failure shows the "Oops" screen.',
  context: { email: '', errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The e-mail form; a refused address shows its message above the form.',
      tags: ['screen.forgotForm'],
      on: {
        'forgot.submit': {
          target: 'submitting',
          actions: assign({ email: ({ event }) => event.email, errorCode: null }),
          description: 'The user types the e-mail address and presses "Send reset link"',
        },
      },
    },
    submitting: {
      description: 'The request is being sent; the button shows "Sending…".',
      tags: ['screen.forgotForm', 'busy.sending'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent', description: 'The server accepts and e-mails the link' },
        onError: [
          {
            guard: { type: 'isRejectedEmail', params: errorParams },
            target: 'editing',
            actions: setErrorFromEvent,
            description: 'The server refuses the address (invalid or unknown)',
          },
          { target: 'failed', actions: setErrorFromEvent, description: 'The service fails' },
        ],
      },
    },
    sent: {
      description: 'Success: "check your mailbox", with a Done button.',
      tags: ['screen.forgotSent'],
      on: { 'forgot.done': { target: 'done', description: 'The user presses Done' } },
    },
    failed: {
      description: 'Failure: "Oops! Something went wrong", with Try again.',
      tags: ['screen.forgotFailed'],
      on: { 'forgot.retry': { target: 'editing', actions: assign({ errorCode: null }), description: 'The user presses Try again' } },
    },
    done: { description: 'Back to the sign-in page.', tags: ['screen.signIn'], type: 'final' },
  },
})
