import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { signUpMachine } from './sign-up.machine.ts'

const base = { defaultMerchantName: 'Merchant Name', defaultLogoId: 'default', resendSeconds: 2 }

/**
 * How the sign-up machine is walked by its model-based test and `npm run qa:paths sign-up`: a fresh sign-up and
 * one resumed at step 3 from sign-in; a two-second countdown keeps the traversal small.
 */
export const signUpModel = {
  machine: signUpMachine,
  // error codes, names and ids do not change what can happen next; the countdown does
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, secondsLeft: s.context.resendSecondsLeft }),
  simplePaths: false,
  inputs: [
    { name: 'fresh', input: base },
    { name: 'resumed at merchant', input: { ...base, startAt: 'merchant' as const, email: 'dev@example.com' } },
  ],
  events: [
    { type: 'account.submit', email: 'dev@example.com', password: 'Abc12$' },
    { type: 'xstate.done.actor.createAccount', output: { otpReferenceId: 'ref-1' } },
    { type: 'xstate.error.actor.createAccount', error: new AccountFlowError('040000019') },
    { type: 'otp.submit', otp: '1234' },
    { type: 'xstate.done.actor.validateOtp', output: 'PENDING_UPLOAD_LOGO' },
    { type: 'xstate.error.actor.validateOtp', error: new AccountFlowError('INVALID_GRANT') },
    { type: 'xstate.done.actor.resendOtp', output: { otpReferenceId: 'ref-2' } },
    { type: 'xstate.error.actor.resendOtp', error: new AccountFlowError('01103101') },
    { type: 'logo.select', file: new Blob(['png']) },
    { type: 'xstate.done.actor.uploadLogo', output: { logoId: 'logo-1', logoUrl: '/v1/logos/logo-1' } },
    { type: 'xstate.error.actor.uploadLogo', error: new AccountFlowError('LOGO_DIMENSIONS') },
    { type: 'xstate.error.actor.uploadLogo', error: new AccountFlowError('SESSION_TIMED_OUT') },
    { type: 'merchant.submit', merchantName: 'Cake Shop' },
    { type: 'products.register', products: [1, 2, 3] },
    { type: 'xstate.done.actor.registerMerchant', output: { merchantId: '123456789012345678' } },
    { type: 'xstate.error.actor.registerMerchant', error: new AccountFlowError('SIGNUP_FAILED') },
    { type: 'xstate.error.actor.registerMerchant', error: new AccountFlowError('SESSION_TIMED_OUT') },
    { type: 'xstate.done.actor.createApiKey', output: { apiKey: 'a_new', apiSecret: 'secret-new', createdAt: '2026-01-01T00:00:00.000Z' } },
    { type: 'xstate.error.actor.createApiKey', error: new AccountFlowError('API_KEY_LIMIT') },
    { type: 'xstate.error.actor.createApiKey', error: new AccountFlowError('SESSION_TIMED_OUT') },
  ],
}
