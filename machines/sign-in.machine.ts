import { assign, fromPromise, setup } from 'xstate'
import { AccountFlowError, countdownTickMs, defaultResendSeconds, errorCodeOf } from './account-flow.ts'

/**
 * Sign-in (spec §2 "Sign-in screen", §4): the plain form; the terms-acceptance panel when the account is not yet
 * a developer account (040000018: accept and resubmit); the OTP panel with its 60-second resend countdown when
 * the server asks for a one-time password (resend re-enabled if it fails). A signed-in account whose sign-up is
 * unfinished (PENDING_UPLOAD_LOGO / PENDING_MERCHANT_CREATION) continues sign-up at step 3.
 * Pure: requests are named actors provided by the feature hook; the machine keeps codes, never text.
 */

export const nonDeveloperAccountCode = '040000018'
export const pendingSignUpStatuses: readonly string[] = ['PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION']

export interface AuthenticateInput {
  email: string
  password: string
  keepLogin: boolean
  /** Set when the user accepted the terms on the panel; `termsAccessToken` comes from the 040000018 answer. */
  acceptedTerms: boolean
  termsAccessToken: string | null
}
export type AuthenticateOutput = { kind: 'signedIn'; status: string } | { kind: 'otpRequired'; otpReferenceId: string }
export interface VerifyOtpInput {
  otpReferenceId: string
  otp: string
  email: string
  keepLogin: boolean
}
export interface VerifyOtpOutput {
  status: string
}
export interface ResendOtpInput {
  otpReferenceId: string
}
export interface ResendOtpOutput {
  otpReferenceId: string
}

export interface SignInInput {
  resendSeconds?: number
}

export interface SignInContext {
  email: string
  password: string
  keepLogin: boolean
  termsAccessToken: string | null
  otpReferenceId: string
  resendSeconds: number
  resendSecondsLeft: number
  errorCode: string | null
}

export type SignInEvent =
  | { type: 'signIn.submit'; email: string; password: string; keepLogin: boolean }
  | { type: 'terms.accept' }
  | { type: 'terms.decline' }
  | { type: 'otp.submit'; otp: string }
  | { type: 'otp.resend' }
  | { type: 'otp.cancel' }

function termsTokenOf(error: unknown): string | null {
  if (!(error instanceof AccountFlowError)) return null
  const data = error.data
  if (typeof data === 'object' && data !== null && 'access_token' in data && typeof data.access_token === 'string') {
    return data.access_token
  }
  return null
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    /** POST /v1/dpSignIn/authenticate with e-mail and password (or with the accepted terms); stores the token on success. */
    authenticate: fromPromise<AuthenticateOutput, AuthenticateInput>(async () => ({ kind: 'signedIn', status: 'COMPLETED' })),
    /** POST /v1/dpSignIn/authenticate with otp_reference_id and otp; stores the token. */
    verifyOtp: fromPromise<VerifyOtpOutput, VerifyOtpInput>(async () => ({ status: 'COMPLETED' })),
    resendOtp: fromPromise<ResendOtpOutput, ResendOtpInput>(async ({ input }) => input),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    clearError: assign({ errorCode: null }),
    forgetPassword: assign({ password: '', termsAccessToken: null }),
    startCountdown: assign({ resendSecondsLeft: ({ context }) => context.resendSeconds }),
    tick: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
  },
  guards: {
    needsOtp: (_, params: { output: AuthenticateOutput }) => params.output.kind === 'otpRequired',
    isPendingSignUp: (_, params: { status: string }) => pendingSignUpStatuses.includes(params.status),
    isNonDeveloperAccount: (_, params: { error: unknown }) => errorCodeOf(params.error) === nonDeveloperAccountCode,
    isLastSecond: ({ context }) => context.resendSecondsLeft <= 1,
  },
  delays: {
    countdownTick: countdownTickMs,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    email: '',
    password: '',
    keepLogin: false,
    termsAccessToken: null,
    otpReferenceId: '',
    resendSeconds: input.resendSeconds ?? defaultResendSeconds,
    resendSecondsLeft: 0,
    errorCode: null,
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'signIn.submit': {
              target: 'authenticating',
              actions: [
                assign({
                  email: ({ event }) => event.email,
                  password: ({ event }) => event.password,
                  keepLogin: ({ event }) => event.keepLogin,
                  termsAccessToken: null,
                }),
                'clearError',
              ],
            },
          },
        },
        authenticating: {
          invoke: {
            id: 'authenticate',
            src: 'authenticate',
            input: ({ context }) => ({
              email: context.email,
              password: context.password,
              keepLogin: context.keepLogin,
              acceptedTerms: false,
              termsAccessToken: null,
            }),
            onDone: [
              {
                guard: { type: 'needsOtp', params: ({ event }) => ({ output: event.output }) },
                target: '#signIn.otp',
                actions: assign({
                  otpReferenceId: ({ event }) => (event.output.kind === 'otpRequired' ? event.output.otpReferenceId : ''),
                }),
              },
              {
                guard: {
                  type: 'isPendingSignUp',
                  params: ({ event }) => ({ status: event.output.kind === 'signedIn' ? event.output.status : '' }),
                },
                target: '#signIn.continueSignUp',
                actions: 'forgetPassword',
              },
              { target: '#signIn.signedIn', actions: 'forgetPassword' },
            ],
            onError: [
              {
                guard: { type: 'isNonDeveloperAccount', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.terms',
                actions: assign({ termsAccessToken: ({ event }) => termsTokenOf(event.error) }),
              },
              { target: 'editing', actions: ['forgetPassword', { type: 'setError', params: ({ event }) => ({ error: event.error }) }] },
            ],
          },
        },
      },
    },
    terms: {
      initial: 'reviewing',
      states: {
        reviewing: {
          on: {
            'terms.accept': { target: 'accepting', actions: 'clearError' },
            'terms.decline': { target: '#signIn.form', actions: ['forgetPassword', 'clearError'] },
          },
        },
        accepting: {
          invoke: {
            id: 'authenticateWithTerms',
            src: 'authenticate',
            input: ({ context }) => ({
              email: context.email,
              password: context.password,
              keepLogin: context.keepLogin,
              acceptedTerms: true,
              termsAccessToken: context.termsAccessToken,
            }),
            onDone: [
              {
                guard: { type: 'needsOtp', params: ({ event }) => ({ output: event.output }) },
                target: '#signIn.otp',
                actions: assign({
                  otpReferenceId: ({ event }) => (event.output.kind === 'otpRequired' ? event.output.otpReferenceId : ''),
                }),
              },
              {
                guard: {
                  type: 'isPendingSignUp',
                  params: ({ event }) => ({ status: event.output.kind === 'signedIn' ? event.output.status : '' }),
                },
                target: '#signIn.continueSignUp',
                actions: 'forgetPassword',
              },
              { target: '#signIn.signedIn', actions: 'forgetPassword' },
            ],
            onError: { target: 'reviewing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    otp: {
      type: 'parallel',
      entry: 'forgetPassword',
      on: { 'otp.cancel': { target: '#signIn.form', actions: 'clearError' } },
      states: {
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: { 'otp.submit': { target: 'verifying', actions: 'clearError' } },
            },
            verifying: {
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context, event }) => ({
                  otpReferenceId: context.otpReferenceId,
                  otp: event.type === 'otp.submit' ? event.otp : '',
                  email: context.email,
                  keepLogin: context.keepLogin,
                }),
                onDone: [
                  {
                    guard: { type: 'isPendingSignUp', params: ({ event }) => ({ status: event.output.status }) },
                    target: '#signIn.continueSignUp',
                  },
                  { target: '#signIn.signedIn' },
                ],
                onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            // spec §4: the countdown starts when the panel opens; resend stays disabled until it ends
            coolingDown: {
              entry: 'startCountdown',
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    countdownTick: [
                      { guard: 'isLastSecond', target: '#signIn.otp.resend.ready', actions: 'tick' },
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
                // spec §4: re-enabled if the resend fails
                onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    signedIn: { type: 'final' },
    continueSignUp: { type: 'final' },
  },
})
