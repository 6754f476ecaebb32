import { AccountFlowError } from './account-flow.ts'
import { forgotPasswordMachine } from './forgot-password.machine.ts'

/** How the forgot-password machine is walked by its model-based test and `npm run qa:paths forgot-password`. */
export const forgotPasswordModel = {
  machine: forgotPasswordMachine,
  events: [
    { type: 'forgot.submit', email: 'dev@example.com' },
    { type: 'xstate.error.actor.requestReset', error: new AccountFlowError('040000002') },
    { type: 'xstate.error.actor.requestReset', error: new AccountFlowError('PASSWORD_RESET_FAILED') },
  ],
}
