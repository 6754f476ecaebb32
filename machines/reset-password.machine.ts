import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf, errorParams, setErrorFromEvent } from './account-flow.ts'
import { decide } from './decide.ts'

/**
 * The page the password-reset e-mail links to (not in the spec; same look as forgot password): choose a new
 * password → saved (go to sign-in). A link that is unknown, used or expired ends on its own screen, offering a
 * new link; other failures keep the form with an error.
 */

export const deadLinkCodes: readonly string[] = ['RESET_TOKEN_INVALID']

export interface ResetPasswordInput {
  token: string
}
export interface SaveNewPasswordInput {
  token: string
  password: string
}

export interface ResetPasswordContext {
  token: string
  errorCode: string | null
}

export type ResetPasswordEvent = { type: 'reset.submit'; password: string }

export const resetPasswordMachine = setup({
  types: { context: {} as ResetPasswordContext, events: {} as ResetPasswordEvent, input: {} as ResetPasswordInput },
  actors: { saveNewPassword: fromPromise<unknown, SaveNewPasswordInput>(async () => undefined) },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
  },
  guards: { hasToken: ({ context }) => context.token !== '', isDeadLink: (_, params: { error: unknown }) => deadLinkCodes.includes(errorCodeOf(params.error)) },
}).createMachine({
  id: 'resetPassword',
  description:
    'The page the password-reset e-mail links to: choose a new password. A link that is unknown, used or expired ends on its own screen offering a new link.',
  context: ({ input }) => ({ token: input.token, errorCode: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: decide('Looks at the link (no screen of its own).', [
      { guard: 'hasToken', target: 'editing', description: 'The link carries a token' },
      { target: 'linkInvalid', description: 'The link carries no token' },
    ]),
    editing: {
      description: 'The new-password form; a refused password shows its message above the form.',
      tags: ['screen.resetForm'],
      on: {
        'reset.submit': {
          target: 'saving',
          actions: assign({ errorCode: null }),
          description: 'The user types a new password twice and presses "Save new password"',
        },
      },
    },
    saving: {
      description: 'The new password is being saved; the button shows "Saving…".',
      tags: ['screen.resetForm', 'busy.saving'],
      invoke: {
        id: 'saveNewPassword',
        src: 'saveNewPassword',
        input: ({ context, event }) => ({ token: context.token, password: event.type === 'reset.submit' ? event.password : '' }),
        onDone: { target: 'saved', description: 'The server saves the password' },
        onError: [
          {
            guard: { type: 'isDeadLink', params: errorParams },
            target: 'linkInvalid',
            actions: setErrorFromEvent,
            description: 'The server answers that the link is unknown, used or expired',
          },
          { target: 'editing', actions: setErrorFromEvent, description: 'The server refuses the password' },
        ],
      },
    },
    saved: { description: 'Saved: a link leads to the sign-in page.', tags: ['screen.resetSaved'], type: 'final' },
    linkInvalid: { description: 'The link cannot be used: a link offers to ask for a new one.', tags: ['screen.resetLinkInvalid'], type: 'final' },
  },
})
