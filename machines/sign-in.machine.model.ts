import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { signInMachine } from './sign-in.machine.ts'
import { existingSessionEvents } from './sign-up.machine.model.ts'

/**
 * How the sign-in machine is walked by its model-based test, `npm run qa:paths sign-in` and the browser path test
 * (tests/e2e/statechart-paths.spec.ts). The OTP panel is its own flow (otp.machine.model.ts); here it only
 * answers "code accepted". Codes and typed values do not change what can happen next; the answer does.
 */
export const signInModel = {
  machine: signInMachine,
  inputs: [
    { name: 'sign-in page', label: 'Open /account/signin signed out', input: {} },
    { name: 'opened', label: 'Open /account/signin in a browser (someone may be signed in there)', input: { checkSession: true } },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, terms: s.context.acceptedTerms }),
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode ? ['alert.error'] : []),
  labels: {
    'terms.accept': 'Press "Accept and sign in"',
    'terms.decline': 'Press Cancel on the terms panel',
    'otp.cancel': 'Press "Use another account" on the code panel',
  },
  events: [
    ...existingSessionEvents,
    {
      type: 'signIn.submit',
      email: 'dev@example.com',
      password: 'Abc12$',
      keepLogin: true,
      label: 'Type the e-mail and password of an account (e.g. dev@example.com / Abc12$) and press Sign in',
    },
    {
      type: 'xstate.done.actor.authenticate',
      output: { kind: 'signedIn', status: 'COMPLETED' },
      label: 'The server signs in a complete developer account on a known device (status COMPLETED)',
    },
    {
      type: 'xstate.done.actor.authenticate',
      output: { kind: 'signedIn', status: 'PENDING_MERCHANT_CREATION' },
      label: 'The server signs in an account whose sign-up stopped before the merchant (status PENDING_MERCHANT_CREATION)',
    },
    {
      type: 'xstate.done.actor.authenticate',
      output: { kind: 'otpRequired', otpReferenceId: 'ref-1' },
      label: 'The server answers 040000020: a device it has not seen, a code is e-mailed (use a fresh browser profile)',
    },
    {
      type: 'xstate.error.actor.authenticate',
      error: new AccountFlowError('040000018', { access_token: 'terms-ticket-0123456789', expires_in: 600 }),
      label: 'The server answers 040000018: the account is a wallet account, not yet a developer account',
    },
    {
      type: 'xstate.error.actor.authenticate',
      error: new AccountFlowError('01102004'),
      label: 'The server answers 01102004: wrong e-mail or password (type a wrong password)',
    },
    { type: 'xstate.done.actor.otp', output: { status: 'COMPLETED' }, label: 'Confirm the code from the e-mail (the OTP flow ends)' },
  ],
  invariants: [
    {
      name: 'The password is kept only while a resubmission may need it',
      holds: (s: AnyMachineSnapshot) =>
        ['form', 'terms', 'authenticating', 'starting', 'checkingSession'].some((x) => s.matches(x)) || s.context.password === '',
    },
  ],
  equivalentMutants: {
    'drop action `clearError` of `signIn.otp otp.cancel`':
      'No message is ever set while the code panel is open (the message is cleared when the form is sent, and the panel opens only on a successful answer), so clearing it on Cancel changes nothing.',
  },
}
