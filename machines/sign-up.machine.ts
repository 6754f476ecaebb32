import { assign, fromPromise, setup } from 'xstate'
import {
  errorCodeOf,
  errorParams,
  isFinishedSession,
  isUnfinishedSession,
  checkingSessionState,
  sessionTimedOutCode,
  setErrorFromEvent,
  unknownErrorCode,
  type ExistingSession,
} from './account-flow.ts'
import { decide } from './decide.ts'
import { otpMachine } from './otp.machine.ts'

/**
 * Sign-up (spec §2 "Sign-up flow", §4): 1 account → 2 OTP → 3 merchant → 4 products → 5 success, plus the
 * timeout notice and the new-key screen. The verification-email notice is the head of screen 2 (the server always
 * e-mails an OTP; docs/accounts.md). The sign-in page also enters at step 3 when an account's sign-up is
 * unfinished (PENDING_UPLOAD_LOGO / PENDING_MERCHANT_CREATION).
 * Pure: every request is a named actor the feature hook provides; the machine keeps codes, never text.
 */

export interface CreateAccountInput {
  email: string
  password: string
}
export interface CreateAccountOutput {
  /** The reference of the OTP the server e-mailed. */
  otpReferenceId: string
}
export interface UploadLogoInput {
  file: Blob
}
export interface UploadLogoOutput {
  logoId: string
  logoUrl: string
}
export interface RegisterMerchantInput {
  merchantName: string
  logoId: string
  email: string
  products: number[]
}
export interface RegisterMerchantOutput {
  /** The test merchant just created (its id is what new API keys belong to). */
  merchantId: string
}
export interface CreateApiKeyInput {
  merchantId: string
}
/** A new API key pair; the secret is shown once (the server never lists it again). */
export interface NewApiKey {
  apiKey: string
  apiSecret: string
  createdAt: string
}

/**
 * spec §8: a sign-up the server fails for no reason of the user's (a 500, no answer at all) says 'Somthing went
 * wrong, Try again later' (SIGNUP_FAILED), not the portal's default system error; a refusal with its own code
 * (already registered …) keeps its code.
 */
export const signUpFailureCode = (code: string) => (code === unknownErrorCode || code === 'INTERNAL_SERVER_ERROR' ? 'SIGNUP_FAILED' : code)

export interface SignUpInput {
  /** 'merchant' continues an unfinished sign-up (from sign-in) at step 3. */
  startAt?: 'account' | 'merchant'
  email?: string
  resendSeconds?: number
  /** What Skip (and an empty name) falls back to: spec §3 'Merchant Name' and a default logo document id. */
  defaultMerchantName: string
  defaultLogoId: string
  /** The page first asks who is signed in already: a finished account goes on to myhome, an unfinished one resumes at step 3. */
  checkSession?: boolean
}

export interface SignUpContext {
  /** True when sign-in sent an unfinished sign-up here: the flow starts at step 3. */
  resumesAtMerchant: boolean
  email: string
  otpReferenceId: string
  /** The OTP panel's resend cooldown (spec §9: 60 s unless a test shortens it). */
  resendSeconds: number | undefined
  merchantName: string
  logoId: string
  logoUrl: string | null
  /** Set when the merchant is registered (step 4 → 5). */
  merchantId: string
  /** The key pair of the new-key screen; dropped when the screen closes, so the secret is shown once. */
  newKey: NewApiKey | null
  defaultMerchantName: string
  defaultLogoId: string
  errorCode: string | null
  /** Errors of the logo upload are shown beside the logo, not above the form. */
  logoErrorCode: string | null
  checkSession: boolean
}

export type SignUpEvent =
  | { type: 'account.submit'; email: string; password: string }
  | { type: 'logo.select'; file: Blob }
  | { type: 'merchant.submit'; merchantName: string }
  | { type: 'merchant.skip' }
  | { type: 'products.back' }
  | { type: 'products.register'; products: number[] }
  | { type: 'keys.show' }
  | { type: 'keys.hide' }

export const signUpMachine = setup({
  types: {
    children: {} as {
      createAccount: 'createAccount'
      otp: 'otp'
      uploadLogo: 'uploadLogo'
      registerMerchant: 'registerMerchant'
      createApiKey: 'createApiKey'
      existingSession: 'existingSession'
    },
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    createAccount: fromPromise<CreateAccountOutput, CreateAccountInput>(async () => ({ otpReferenceId: '' })),
    /** The OTP panel; the hook provides its verify (validates the OTP, stores the token, spec §4: 2 → 3) and resend requests. */
    otp: otpMachine,
    uploadLogo: fromPromise<UploadLogoOutput, UploadLogoInput>(async () => ({ logoId: '', logoUrl: '' })),
    /** signupProduct, then the profile fetch that stores the account (spec §4: 4 → 5). */
    registerMerchant: fromPromise<RegisterMerchantOutput, RegisterMerchantInput>(async () => ({ merchantId: '' })),
    /** POST /v1/d-panel/{merchantId}/apiKey: a new key pair (the earlier keys stay active). */
    createApiKey: fromPromise<NewApiKey, CreateApiKeyInput>(async () => ({ apiKey: '', apiSecret: '', createdAt: '' })),
    /** Who is signed in on this browser already (never fails; null when no one). */
    existingSession: fromPromise<ExistingSession | null>(async () => null),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    setSignUpError: assign({ errorCode: (_, params: { error: unknown }) => signUpFailureCode(errorCodeOf(params.error)) }),
    clearError: assign({ errorCode: null }),
    rememberSessionEmail: assign({ email: (_, params: { session: ExistingSession | null }) => params.session?.email ?? '' }),
  },
  guards: {
    resumesAtMerchant: ({ context }) => context.resumesAtMerchant,
    checksSession: ({ context }) => context.checkSession,
    isFinishedSession,
    isUnfinishedSession,
    isSessionTimeout: (_, params: { error: unknown }) => errorCodeOf(params.error) === sessionTimedOutCode || errorCodeOf(params.error) === 'UNAUTHORIZED',
  },
}).createMachine({
  id: 'signUp',
  description:
    'Sign-up in five screens: 1 account → 2 one-time password → 3 merchant → 4 products → 5 success, plus the new-key screen and the timeout notice. Sign-in enters at step 3 when a sign-up is unfinished.',
  context: ({ input }) => ({
    resumesAtMerchant: input.startAt === 'merchant',
    email: input.email ?? '',
    otpReferenceId: '',
    resendSeconds: input.resendSeconds,
    merchantName: '',
    logoId: '',
    logoUrl: null,
    merchantId: '',
    newKey: null,
    defaultMerchantName: input.defaultMerchantName,
    defaultLogoId: input.defaultLogoId,
    errorCode: null,
    logoErrorCode: null,
    checkSession: input.checkSession === true,
  }),
  initial: 'starting',
  states: {
    starting: decide('Decides the first screen (no screen of its own).', [
      { guard: 'resumesAtMerchant', target: 'merchant', description: 'Sign-in sent an unfinished sign-up here' },
      { guard: 'checksSession', target: 'checkingSession', description: 'The page is opened in a browser' },
      { target: 'account', description: 'A new sign-up' },
    ]),
    checkingSession: checkingSessionState({ screenTag: 'screen.account', finished: 'finished', unfinished: 'merchant', none: 'account' }),
    account: {
      description: 'Step 1, the account form: e-mail, password and its confirmation.',
      tags: ['screen.account'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The form waits for input; a refused address shows its message above the form.',
          on: {
            'account.submit': {
              target: 'creating',
              actions: [assign({ email: ({ event }) => event.email }), 'clearError'],
              description: 'The user types e-mail and password and presses Next',
            },
          },
        },
        creating: {
          description: 'The account is being created; Next is disabled.',
          tags: ['busy.creating'],
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context, event }) => ({ email: context.email, password: event.type === 'account.submit' ? event.password : '' }),
            onDone: {
              target: '#signUp.otp',
              actions: assign({ otpReferenceId: ({ event }) => event.output.otpReferenceId }),
              description: 'The server creates the account and e-mails a code',
            },
            onError: {
              target: 'editing',
              actions: { type: 'setSignUpError', params: errorParams },
              description: 'The server refuses the address (e.g. already registered) or fails (the sign-up failure text)',
            },
          },
        },
      },
    },
    otp: {
      description: 'Step 2, the one-time-password panel (the OTP flow): the server e-mailed a code to confirm the address.',
      tags: ['screen.otp'],
      invoke: {
        id: 'otp',
        src: 'otp',
        input: ({ context }) => ({ otpReferenceId: context.otpReferenceId, email: context.email, resendSeconds: context.resendSeconds }),
        onDone: { target: 'merchant', description: 'The code is accepted (the account is signed in)' },
      },
    },
    merchant: {
      description: 'Step 3, the merchant form: merchant name and logo, or Skip.',
      tags: ['screen.merchant'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The form waits for a name and a logo; a refused logo shows its message beside the logo.',
          on: {
            'logo.select': { target: 'uploadingLogo', actions: assign({ logoErrorCode: null }), description: 'The user chooses a logo file' },
            'merchant.submit': {
              target: '#signUp.products',
              actions: assign({ merchantName: ({ event }) => event.merchantName }),
              description: 'The user presses Next',
            },
            // spec §4: Skip sets the default merchant name and the default logo document id
            'merchant.skip': {
              target: '#signUp.products',
              actions: assign({ merchantName: ({ context }) => context.defaultMerchantName, logoId: ({ context }) => context.defaultLogoId, logoUrl: null }),
              description: 'The user presses Skip (default name and logo)',
            },
          },
        },
        uploadingLogo: {
          description: 'The logo is uploading; a full-screen loader covers the page.',
          tags: ['busy.uploading'],
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ event }) => ({ file: event.type === 'logo.select' ? event.file : new Blob() }),
            onDone: {
              target: 'editing',
              actions: assign({ logoId: ({ event }) => event.output.logoId, logoUrl: ({ event }) => event.output.logoUrl }),
              description: 'The server stores the logo; it is shown in the form',
            },
            onError: [
              { guard: { type: 'isSessionTimeout', params: errorParams }, target: '#signUp.timedOut', description: 'The session has timed out' },
              {
                target: 'editing',
                actions: assign({ logoErrorCode: ({ event }) => errorCodeOf(event.error) }),
                description: 'The server refuses the file (type, size or dimensions)',
              },
            ],
          },
        },
      },
    },
    products: {
      description: 'Step 4, the products: choose the payment products to try.',
      tags: ['screen.products'],
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The product list waits for a choice.',
          on: {
            'products.back': { target: '#signUp.merchant', description: 'The user presses Back' },
            'products.register': { target: 'registering', description: 'The user ticks products and presses Register' },
          },
        },
        registering: {
          description: 'The merchant is being registered; a loader shows.',
          tags: ['busy.registering'],
          invoke: {
            id: 'registerMerchant',
            src: 'registerMerchant',
            input: ({ context, event }) => ({
              // spec §5: the name may be empty and falls back to the default at registration
              merchantName: context.merchantName.trim() || context.defaultMerchantName,
              logoId: context.logoId || context.defaultLogoId,
              email: context.email,
              products: event.type === 'products.register' ? event.products : [],
            }),
            onDone: {
              target: '#signUp.success',
              actions: assign({ merchantId: ({ event }) => event.output.merchantId }),
              description: 'The server registers the merchant',
            },
            onError: [
              { guard: { type: 'isSessionTimeout', params: errorParams }, target: '#signUp.timedOut', description: 'The session has timed out' },
              // spec §8: a registration failure records the analytics event (server side), the loader stops, no message
              { target: 'choosing', description: 'Registration fails: the loader stops, no message (spec §8)' },
            ],
          },
        },
      },
    },
    success: {
      description: 'Step 5, success: the account is ready; the user may create an API key.',
      tags: ['screen.success'],
      on: { 'keys.show': { target: 'newKey', actions: 'clearError', description: 'The user presses "Create API key"' } },
    },
    newKey: {
      description: 'The new-key screen: creates a key pair and shows its id and secret once.',
      tags: ['screen.newKey'],
      initial: 'creating',
      states: {
        creating: {
          description: 'The key pair is being created.',
          tags: ['busy.creatingKey'],
          invoke: {
            id: 'createApiKey',
            src: 'createApiKey',
            input: ({ context }) => ({ merchantId: context.merchantId }),
            onDone: {
              target: 'shown',
              actions: assign({ newKey: ({ event }) => event.output }),
              description: 'The server answers the new key pair',
            },
            onError: [
              { guard: { type: 'isSessionTimeout', params: errorParams }, target: '#signUp.timedOut', description: 'The session has timed out' },
              { target: '#signUp.success', actions: setErrorFromEvent, description: 'Creating the key fails; step 5 shows the message' },
            ],
          },
        },
        shown: {
          description: 'The key id and secret are shown (the secret only this once).',
          on: { 'keys.hide': { target: '#signUp.success', actions: assign({ newKey: null }), description: 'The user presses Done' } },
        },
      },
    },
    finished: {
      description: 'The account signed in here has finished sign-up: the page goes to myhome.',
      tags: ['screen.finished'],
      type: 'final',
    },
    timedOut: { description: 'The session timed out: "Timed out, please sign in again to continue".', tags: ['screen.timedOut'] },
  },
})
