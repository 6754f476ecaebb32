import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { forgotPasswordMachine } from './forgot-password.machine.ts'

/** How the forgot-password machine is walked by its model-based test and `npm run qa:paths forgot-password`. */
export const forgotPasswordModel = {
  machine: forgotPasswordMachine,
  inputs: [{ name: 'forgot-password page', label: 'Open /account/forgotPassword (the "Forgot password?" link of the sign-in page)', input: undefined }],
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode && s.matches('editing') ? ['alert.error'] : []),
  labels: {
    'xstate.done.actor.requestReset': 'The server accepts and e-mails a reset link',
    'forgot.done': 'Press Done',
    'forgot.retry': 'Press "Try again"',
  },
  events: [
    { type: 'forgot.submit', email: 'dev@example.com', label: 'Type the e-mail address of an account (e.g. dev@example.com) and press "Send reset link"' },
    {
      type: 'xstate.error.actor.requestReset',
      error: new AccountFlowError('040000002'),
      label:
        'The server answers 040000002: no account has this address (the provider does; the sandbox accepts every address, so it cannot be produced by hand here)',
    },
    {
      type: 'xstate.error.actor.requestReset',
      error: new AccountFlowError('PASSWORD_RESET_FAILED'),
      label: 'The server answers PASSWORD_RESET_FAILED: the mail could not be sent',
    },
  ],
  invariants: [{ name: 'The reset is asked with an e-mail address', holds: (s: AnyMachineSnapshot) => !s.matches('submitting') || s.context.email !== '' }],
}
