import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf } from './account-flow.ts'

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
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    saveNewPassword: fromPromise<unknown, SaveNewPasswordInput>(async () => undefined),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isDeadLink: (_, params: { error: unknown }) => deadLinkCodes.includes(errorCodeOf(params.error)),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, errorCode: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'linkInvalid' }],
    },
    editing: {
      on: { 'reset.submit': { target: 'saving', actions: assign({ errorCode: null }) } },
    },
    saving: {
      invoke: {
        id: 'saveNewPassword',
        src: 'saveNewPassword',
        input: ({ context, event }) => ({ token: context.token, password: event.type === 'reset.submit' ? event.password : '' }),
        onDone: 'saved',
        onError: [
          {
            guard: { type: 'isDeadLink', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    saved: { type: 'final' },
    linkInvalid: { type: 'final' },
  },
})
