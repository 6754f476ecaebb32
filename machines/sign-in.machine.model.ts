import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { signInMachine } from './sign-in.machine.ts'

/** How the sign-in machine is walked by its model-based test and `npm run qa:paths sign-in` (2-second countdown). */
export const signInModel = {
  machine: signInMachine,
  inputs: [{ name: 'sign-in page', input: { resendSeconds: 2 } }],
  // codes and typed values do not change what can happen next; the countdown does
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, secondsLeft: s.context.resendSecondsLeft }),
  simplePaths: false,
  events: [
    { type: 'signIn.submit', email: 'dev@example.com', password: 'Abc12$', keepLogin: true },
    { type: 'xstate.done.actor.authenticate', output: { kind: 'signedIn', status: 'COMPLETED' } },
    { type: 'xstate.done.actor.authenticate', output: { kind: 'signedIn', status: 'PENDING_MERCHANT_CREATION' } },
    { type: 'xstate.done.actor.authenticate', output: { kind: 'otpRequired', otpReferenceId: 'ref-1' } },
    { type: 'xstate.error.actor.authenticate', error: new AccountFlowError('040000018', { access_token: 'terms-ticket-0123456789', expires_in: 600 }) },
    { type: 'xstate.error.actor.authenticate', error: new AccountFlowError('01101007') },
    { type: 'xstate.done.actor.authenticateWithTerms', output: { kind: 'signedIn', status: 'COMPLETED' } },
    { type: 'xstate.done.actor.authenticateWithTerms', output: { kind: 'signedIn', status: 'PENDING_UPLOAD_LOGO' } },
    { type: 'xstate.done.actor.authenticateWithTerms', output: { kind: 'otpRequired', otpReferenceId: 'ref-1' } },
    { type: 'xstate.error.actor.authenticateWithTerms', error: new AccountFlowError('TERMS_TICKET_INVALID') },
    { type: 'otp.submit', otp: '1234' },
    { type: 'xstate.done.actor.verifyOtp', output: { status: 'COMPLETED' } },
    { type: 'xstate.done.actor.verifyOtp', output: { status: 'PENDING_UPLOAD_LOGO' } },
    { type: 'xstate.error.actor.verifyOtp', error: new AccountFlowError('INVALID_GRANT') },
    { type: 'xstate.done.actor.resendOtp', output: { otpReferenceId: 'ref-2' } },
    { type: 'xstate.error.actor.resendOtp', error: new AccountFlowError('01103101') },
  ],
}
