import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { resetPasswordMachine } from './reset-password.machine.ts'

/** How the reset-password machine is walked by its model-based test and `npm run qa:paths reset-password`. */
export const resetPasswordModel = {
  machine: resetPasswordMachine,
  inputs: [
    { name: 'link with token', label: 'Open the link of the password-reset e-mail', input: { token: 'reset-token-0123456789abcdef' } },
    { name: 'link without token', label: 'Open /reset-password without a token', input: { token: '' } },
  ],
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode && s.matches('editing') ? ['alert.error'] : []),
  labels: { 'xstate.done.actor.saveNewPassword': 'The server saves the new password' },
  events: [
    { type: 'reset.submit', password: 'Abc12$new', label: 'Type a new password (e.g. Abc12$new) twice and press "Save new password"' },
    {
      type: 'xstate.error.actor.saveNewPassword',
      error: new AccountFlowError('RESET_TOKEN_INVALID'),
      label: 'The server answers RESET_TOKEN_INVALID: the link was used or has expired (open it a second time)',
    },
    {
      type: 'xstate.error.actor.saveNewPassword',
      error: new AccountFlowError('PASSWORD_POLICY'),
      label: 'The server answers PASSWORD_POLICY: the password is refused',
    },
  ],
  invariants: [{ name: 'A new password is saved only with a reset token', holds: (s: AnyMachineSnapshot) => !s.matches('saving') || !!s.context.token }],
}
