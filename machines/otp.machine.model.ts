import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { otpMachine } from './otp.machine.ts'

/**
 * The OTP panel as its model-based test and `npm run qa:paths otp` walk it, with the real 60-second cooldown.
 * The seconds left and the codes do not change what can happen next, so the walk tells states apart by value.
 */
export const otpModel = {
  machine: otpMachine,
  inputs: [
    {
      name: 'panel open',
      label: 'The code panel has just opened (sign-up step 2, or a sign-in from a new device); the e-mail with the code is in the sandbox mailbox',
      input: { otpReferenceId: 'ref-1', email: 'dev@example.com' },
    },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode ? ['alert.error'] : []),
  events: [
    { type: 'otp.submit', otp: '1234', label: 'Type the 4-digit code (e.g. 1234) and press Verify' },
    { type: 'xstate.done.actor.verifyOtp', output: { status: 'COMPLETED' }, label: 'The server accepts the code (it is the one in the e-mail)' },
    {
      type: 'xstate.error.actor.verifyOtp',
      error: new AccountFlowError('INVALID_GRANT'),
      label: 'The server answers INVALID_GRANT: the code is wrong (type 0000 to get this)',
    },
    { type: 'otp.resend', label: 'Press "Resend OTP"' },
    { type: 'xstate.done.actor.resendOtp', output: { otpReferenceId: 'ref-2' }, label: 'The server e-mails a new code (a second mail arrives)' },
    {
      type: 'xstate.error.actor.resendOtp',
      error: new AccountFlowError('01103101'),
      label: 'The server answers 01103101: a new code was asked for too soon',
    },
  ],
  invariants: [
    {
      name: 'The resend is never enabled before the cooldown (60 s) has run out',
      holds: (s: AnyMachineSnapshot) => !s.hasTag('resend.ready') || s.context.resendSecondsLeft === 0,
    },
    {
      name: 'The seconds left stay between 0 and the cooldown',
      holds: (s: AnyMachineSnapshot) => s.context.resendSecondsLeft >= 0 && s.context.resendSecondsLeft <= s.context.resendSeconds,
    },
    {
      name: 'The countdown shows exactly while cooling down',
      holds: (s: AnyMachineSnapshot) => s.hasTag('resend.countdown') === s.matches({ open: { resend: 'coolingDown' } }),
    },
  ],
}
