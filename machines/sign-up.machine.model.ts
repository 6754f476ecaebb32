import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { signUpMachine } from './sign-up.machine.ts'

const base = { defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' }

/** What the check of an account page finds signed in on the browser (shared with the sign-in model). */
export const existingSessionEvents = [
  { type: 'xstate.done.actor.existingSession', output: null, label: 'No one is signed in on this browser' },
  {
    type: 'xstate.done.actor.existingSession',
    output: { status: 'PENDING_UPLOAD_LOGO', email: 'dev@example.com' },
    label: 'An account whose sign-up stopped after the code (status PENDING_UPLOAD_LOGO) is signed in on this browser',
  },
  {
    type: 'xstate.done.actor.existingSession',
    output: { status: 'COMPLETED', email: 'dev@example.com' },
    label: 'A complete developer account is signed in on this browser',
  },
]

/**
 * How the sign-up machine is walked by its model-based test, `npm run qa:paths sign-up` and the browser path test:
 * a fresh sign-up and one resumed at step 3 from sign-in. The OTP panel is its own flow (otp.machine.model.ts).
 */
export const signUpModel = {
  machine: signUpMachine,
  // error codes, names and ids do not change what can happen next
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
  observe: (s: AnyMachineSnapshot) => [...(s.context.errorCode ? ['alert.error'] : []), ...(s.context.logoErrorCode ? ['alert.logo'] : [])],
  inputs: [
    { name: 'fresh', label: 'Open /account/signup signed out', input: base },
    { name: 'opened', label: 'Open /account/signup in a browser (someone may be signed in there)', input: { ...base, checkSession: true } },
    {
      name: 'resumed at merchant',
      label: 'Sign in with an account whose sign-up stopped after the code (status PENDING_UPLOAD_LOGO)',
      input: { ...base, startAt: 'merchant' as const, email: 'dev@example.com' },
    },
  ],
  labels: {
    'merchant.skip': 'Press Skip',
    'products.back': 'Press Back',
    'keys.show': 'Press "Create API key"',
    'keys.hide': 'Press Done on the key screen',
  },
  events: [
    ...existingSessionEvents,
    {
      type: 'account.submit',
      email: 'dev@example.com',
      password: 'Abc12$',
      label: 'Type a new e-mail address, a password (e.g. Abc12$) twice, tick the terms and press Next',
    },
    { type: 'xstate.done.actor.createAccount', output: { otpReferenceId: 'ref-1' }, label: 'The server creates the account and e-mails a code' },
    {
      type: 'xstate.error.actor.createAccount',
      error: new AccountFlowError('040000019'),
      label: 'The server answers 040000019: the address is already registered',
    },
    {
      type: 'xstate.error.actor.createAccount',
      error: new AccountFlowError('INTERNAL_SERVER_ERROR'),
      label: 'The server fails (500): the form shows the sign-up failure text',
    },
    { type: 'xstate.done.actor.otp', output: { status: 'PENDING_UPLOAD_LOGO' }, label: 'Confirm the code from the e-mail (the OTP flow ends)' },
    { type: 'logo.select', file: new Blob(['png']), label: 'Choose a logo file (a square PNG, e.g. 200×200)' },
    {
      type: 'xstate.done.actor.uploadLogo',
      output: { logoId: 'logo-1', logoUrl: '/v1/logos/logo-1' },
      label: 'The server stores the logo; it shows in the form',
    },
    {
      type: 'xstate.error.actor.uploadLogo',
      error: new AccountFlowError('LOGO_DIMENSIONS'),
      label: 'The server answers LOGO_DIMENSIONS: the image is not square (choose a 300×100 PNG to get this)',
    },
    {
      type: 'xstate.error.actor.uploadLogo',
      error: new AccountFlowError('SESSION_TIMED_OUT'),
      label: 'The server answers 401: the session has timed out',
    },
    { type: 'merchant.submit', merchantName: 'Cake Shop', label: 'Type a merchant name (e.g. Cake Shop) and press Next' },
    { type: 'products.register', products: [1, 2, 3], label: 'Tick products (e.g. the first three) and press Register' },
    { type: 'xstate.done.actor.registerMerchant', output: { merchantId: '123456789012345678' }, label: 'The server registers the merchant' },
    {
      type: 'xstate.error.actor.registerMerchant',
      error: new AccountFlowError('SIGNUP_FAILED'),
      label: 'The server answers SIGNUP_FAILED: registration fails (the loader stops, no message)',
    },
    {
      type: 'xstate.error.actor.registerMerchant',
      error: new AccountFlowError('SESSION_TIMED_OUT'),
      label: 'The server answers 401: the session has timed out',
    },
    {
      type: 'xstate.done.actor.createApiKey',
      output: { apiKey: 'a_new', apiSecret: 'secret-new', createdAt: '2026-01-01T00:00:00.000Z' },
      label: 'The server answers a new key id and secret',
    },
    {
      type: 'xstate.error.actor.createApiKey',
      error: new AccountFlowError('API_KEY_LIMIT'),
      label: 'The server answers API_KEY_LIMIT: the merchant has the most keys allowed',
    },
    {
      type: 'xstate.error.actor.createApiKey',
      error: new AccountFlowError('SESSION_TIMED_OUT'),
      label: 'The server answers 401: the session has timed out',
    },
  ],
  invariants: [
    { name: 'The OTP panel has a reference to verify', holds: (s: AnyMachineSnapshot) => !s.matches('otp') || !!s.context.otpReferenceId },
    // a message is set only by step 1's refused account and step 5's failed key; a refused logo has its own, a failed
    // registration shows none (spec §8): so steps 3 and 4 clear nothing (the machine has no clearError there)
    {
      name: 'Steps 3 and 4 never hold a message',
      holds: (s: AnyMachineSnapshot) => !(s.matches('merchant') || s.matches('products')) || s.context.errorCode === null,
    },
  ],
}
