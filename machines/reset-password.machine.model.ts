import { AccountFlowError } from './account-flow.ts'
import { resetPasswordMachine } from './reset-password.machine.ts'

/** How the reset-password machine is walked by its model-based test and `npm run qa:paths reset-password`. */
export const resetPasswordModel = {
  machine: resetPasswordMachine,
  inputs: [
    { name: 'link with token', input: { token: 'reset-token-0123456789abcdef' } },
    { name: 'link without token', input: { token: '' } },
  ],
  events: [
    { type: 'reset.submit', password: 'Abc12$new' },
    { type: 'xstate.error.actor.saveNewPassword', error: new AccountFlowError('RESET_TOKEN_INVALID') },
    { type: 'xstate.error.actor.saveNewPassword', error: new AccountFlowError('PASSWORD_POLICY') },
  ],
}
