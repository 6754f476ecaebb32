import { assign, fromPromise, setup } from 'xstate'
import { countdownTickMs, defaultResendSeconds, errorCodeOf, sessionTimedOutCode } from './account-flow.ts'

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
export interface ValidateOtpInput {
  otpReferenceId: string
  otp: string
  email: string
}
export interface ResendOtpInput {
  otpReferenceId: string
}
export interface ResendOtpOutput {
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

export interface SignUpInput {
  /** 'merchant' continues an unfinished sign-up (from sign-in) at step 3. */
  startAt?: 'account' | 'merchant'
  email?: string
  resendSeconds?: number
  /** What Skip (and an empty name) falls back to: spec §3 'Merchant Name' and a default logo document id. */
  defaultMerchantName: string
  defaultLogoId: string
}

export interface SignUpContext {
  /** True when sign-in sent an unfinished sign-up here: the flow starts at step 3. */
  resumesAtMerchant: boolean
  email: string
  otpReferenceId: string
  resendSeconds: number
  resendSecondsLeft: number
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
}

export type SignUpEvent =
  | { type: 'account.submit'; email: string; password: string }
  | { type: 'otp.submit'; otp: string }
  | { type: 'otp.resend' }
  | { type: 'logo.select'; file: Blob }
  | { type: 'merchant.submit'; merchantName: string }
  | { type: 'merchant.skip' }
  | { type: 'products.back' }
  | { type: 'products.register'; products: number[] }
  | { type: 'keys.show' }
  | { type: 'keys.hide' }

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    createAccount: fromPromise<CreateAccountOutput, CreateAccountInput>(async () => ({ otpReferenceId: '' })),
    /** Validates the OTP, stores the token and the profile (spec §4: 2 → 3). */
    validateOtp: fromPromise<unknown, ValidateOtpInput>(async () => undefined),
    resendOtp: fromPromise<ResendOtpOutput, ResendOtpInput>(async ({ input }) => input),
    uploadLogo: fromPromise<UploadLogoOutput, UploadLogoInput>(async () => ({ logoId: '', logoUrl: '' })),
    /** signupProduct, then the profile fetch that stores the account (spec §4: 4 → 5). */
    registerMerchant: fromPromise<RegisterMerchantOutput, RegisterMerchantInput>(async () => ({ merchantId: '' })),
    /** POST /v1/d-panel/{merchantId}/apiKey: a new key pair (the earlier keys stay active). */
    createApiKey: fromPromise<NewApiKey, CreateApiKeyInput>(async () => ({ apiKey: '', apiSecret: '', createdAt: '' })),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    clearError: assign({ errorCode: null }),
    startCountdown: assign({ resendSecondsLeft: ({ context }) => context.resendSeconds }),
    tick: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
  },
  guards: {
    resumesAtMerchant: ({ context }) => context.resumesAtMerchant,
    isLastSecond: ({ context }) => context.resendSecondsLeft <= 1,
    isSessionTimeout: (_, params: { error: unknown }) => errorCodeOf(params.error) === sessionTimedOutCode || errorCodeOf(params.error) === 'UNAUTHORIZED',
  },
  delays: {
    countdownTick: countdownTickMs,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    resumesAtMerchant: input.startAt === 'merchant',
    email: input.email ?? '',
    otpReferenceId: '',
    resendSeconds: input.resendSeconds ?? defaultResendSeconds,
    resendSecondsLeft: 0,
    merchantName: '',
    logoId: '',
    logoUrl: null,
    merchantId: '',
    newKey: null,
    defaultMerchantName: input.defaultMerchantName,
    defaultLogoId: input.defaultLogoId,
    errorCode: null,
    logoErrorCode: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'resumesAtMerchant', target: 'merchant' },
        { target: 'account' },
      ],
    },
    account: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'account.submit': {
              target: 'creating',
              actions: [assign({ email: ({ event }) => event.email }), 'clearError'],
            },
          },
        },
        creating: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context, event }) => ({
              email: context.email,
              password: event.type === 'account.submit' ? event.password : '',
            }),
            onDone: {
              target: '#signUp.otp',
              actions: assign({ otpReferenceId: ({ event }) => event.output.otpReferenceId }),
            },
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    otp: {
      type: 'parallel',
      states: {
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: { 'otp.submit': { target: 'validating', actions: 'clearError' } },
            },
            validating: {
              invoke: {
                id: 'validateOtp',
                src: 'validateOtp',
                input: ({ context, event }) => ({
                  otpReferenceId: context.otpReferenceId,
                  otp: event.type === 'otp.submit' ? event.otp : '',
                  email: context.email,
                }),
                onDone: { target: '#signUp.merchant' },
                onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            // spec §4: resend is disabled for 60 s after the OTP screen opens and after each resend
            coolingDown: {
              entry: 'startCountdown',
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    countdownTick: [
                      { guard: 'isLastSecond', target: '#signUp.otp.resend.ready', actions: 'tick' },
                      { target: 'counting', reenter: true, actions: 'tick' },
                    ],
                  },
                },
              },
            },
            ready: {
              on: { 'otp.resend': { target: 'resending', actions: 'clearError' } },
            },
            resending: {
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                input: ({ context }) => ({ otpReferenceId: context.otpReferenceId }),
                onDone: {
                  target: 'coolingDown',
                  actions: assign({ otpReferenceId: ({ event }) => event.output.otpReferenceId }),
                },
                onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    merchant: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'logo.select': { target: 'uploadingLogo', actions: assign({ logoErrorCode: null }) },
            'merchant.submit': {
              target: '#signUp.products',
              actions: [assign({ merchantName: ({ event }) => event.merchantName }), 'clearError'],
            },
            // spec §4: Skip sets the default merchant name and the default logo document id
            'merchant.skip': {
              target: '#signUp.products',
              actions: [
                assign({
                  merchantName: ({ context }) => context.defaultMerchantName,
                  logoId: ({ context }) => context.defaultLogoId,
                  logoUrl: null,
                }),
                'clearError',
              ],
            },
          },
        },
        // the page shows a full-screen loader while the logo uploads
        uploadingLogo: {
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ event }) => ({ file: event.type === 'logo.select' ? event.file : new Blob() }),
            onDone: {
              target: 'editing',
              actions: assign({ logoId: ({ event }) => event.output.logoId, logoUrl: ({ event }) => event.output.logoUrl }),
            },
            onError: [
              { guard: { type: 'isSessionTimeout', params: ({ event }) => ({ error: event.error }) }, target: '#signUp.timedOut' },
              { target: 'editing', actions: assign({ logoErrorCode: ({ event }) => errorCodeOf(event.error) }) },
            ],
          },
        },
      },
    },
    products: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'products.back': { target: '#signUp.merchant', actions: 'clearError' },
            'products.register': { target: 'registering', actions: 'clearError' },
          },
        },
        registering: {
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
            onDone: { target: '#signUp.success', actions: assign({ merchantId: ({ event }) => event.output.merchantId }) },
            onError: [
              { guard: { type: 'isSessionTimeout', params: ({ event }) => ({ error: event.error }) }, target: '#signUp.timedOut' },
              // spec §8: a registration failure records the analytics event (server side), the loader stops, no message
              { target: 'choosing', actions: 'clearError' },
            ],
          },
        },
      },
    },
    success: {
      on: { 'keys.show': { target: 'newKey', actions: 'clearError' } },
    },
    // the new-key screen (spec §2): creates a key pair, shows its id and secret once; failures show on screen 5
    newKey: {
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createApiKey',
            src: 'createApiKey',
            input: ({ context }) => ({ merchantId: context.merchantId }),
            onDone: { target: 'shown', actions: assign({ newKey: ({ event }) => event.output }) },
            onError: [
              { guard: { type: 'isSessionTimeout', params: ({ event }) => ({ error: event.error }) }, target: '#signUp.timedOut' },
              { target: '#signUp.success', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        shown: {
          on: { 'keys.hide': { target: '#signUp.success', actions: assign({ newKey: null }) } },
        },
      },
    },
    timedOut: {},
  },
})
