import { assign, fromPromise, setup } from 'xstate'
import {
  AccountFlowError,
  errorCodeOf,
  errorParams,
  isFinishedSession,
  isUnfinishedSession,
  pendingSignUpStatuses,
  checkingSessionState,
  setErrorFromEvent,
  type ExistingSession,
} from './account-flow.ts'
import { decide } from './decide.ts'
import { otpMachine } from './otp.machine.ts'

/**
 * Sign-in (spec §2 "Sign-in screen", §4): the plain form; the terms-acceptance panel when the account is not yet
 * a developer account (040000018: accept and resubmit); the OTP panel (machines/otp.machine.ts) when the server
 * asks for a one-time password (040000020, a device not seen before). A signed-in account whose sign-up is
 * unfinished (PENDING_UPLOAD_LOGO / PENDING_MERCHANT_CREATION) continues sign-up at step 3.
 * Every answer that signs in — the form's, the terms panel's, the OTP panel's — is routed once, in `routing`.
 * Pure: requests are named actors provided by the feature hook; the machine keeps codes, never text.
 */

export const nonDeveloperAccountCode = '040000018'
export { pendingSignUpStatuses }

export interface AuthenticateInput {
  email: string
  password: string
  keepLogin: boolean
  /** Set when the user accepted the terms on the panel; `termsAccessToken` comes from the 040000018 answer. */
  acceptedTerms: boolean
  termsAccessToken: string | null
}
export type AuthenticateOutput = { kind: 'signedIn'; status: string } | { kind: 'otpRequired'; otpReferenceId: string }

export interface SignInInput {
  /** The OTP panel's resend cooldown (spec §9: 60 s). */
  resendSeconds?: number
  /** The page first asks who is signed in already: a finished account goes on to myhome, an unfinished one to step 3. */
  checkSession?: boolean
}

export interface SignInContext {
  email: string
  password: string
  keepLogin: boolean
  /** True while the resubmission with accepted terms is under way (its failure stays on the terms panel). */
  acceptedTerms: boolean
  termsAccessToken: string | null
  /** The last answer that let the user in (or asked for an OTP); `routing` decides where it leads. */
  answer: AuthenticateOutput | null
  otpReferenceId: string
  resendSeconds: number | undefined
  errorCode: string | null
  checkSession: boolean
}

export type SignInEvent =
  { type: 'signIn.submit'; email: string; password: string; keepLogin: boolean } | { type: 'terms.accept' } | { type: 'terms.decline' } | { type: 'otp.cancel' }

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
    children: {} as { authenticate: 'authenticate'; otp: 'otp'; existingSession: 'existingSession' },
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    /** POST /v1/dpSignIn/authenticate with e-mail and password (or with the accepted terms); stores the token on success. */
    authenticate: fromPromise<AuthenticateOutput, AuthenticateInput>(async () => ({ kind: 'signedIn', status: 'COMPLETED' })),
    /** The OTP panel; the hook provides its verify (authenticate with the code) and resend requests. */
    otp: otpMachine,
    /** Who is signed in on this browser already (never fails; null when no one). */
    existingSession: fromPromise<ExistingSession | null>(async () => null),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    clearError: assign({ errorCode: null }),
    rememberSessionEmail: assign({ email: (_, params: { session: ExistingSession | null }) => params.session?.email ?? '' }),
    forgetPassword: assign({ password: '', termsAccessToken: null, acceptedTerms: false }),
    rememberAnswer: assign({ answer: (_, params: { answer: AuthenticateOutput }) => params.answer }),
  },
  guards: {
    needsOtp: ({ context }) => context.answer?.kind === 'otpRequired',
    isPendingSignUp: ({ context }) => context.answer?.kind === 'signedIn' && pendingSignUpStatuses.includes(context.answer.status),
    isNonDeveloperAccount: (_, params: { error: unknown }) => errorCodeOf(params.error) === nonDeveloperAccountCode,
    acceptedTerms: ({ context }) => context.acceptedTerms,
    checksSession: ({ context }) => context.checkSession,
    isFinishedSession,
    isUnfinishedSession,
  },
}).createMachine({
  id: 'signIn',
  description:
    'Sign-in page: e-mail and password; a not-yet-developer account accepts the developer terms first; a new device confirms a one-time password; an unfinished sign-up continues at step 3.',
  context: ({ input }) => ({
    email: '',
    password: '',
    keepLogin: false,
    acceptedTerms: false,
    termsAccessToken: null,
    answer: null,
    otpReferenceId: '',
    resendSeconds: input.resendSeconds,
    errorCode: null,
    checkSession: input.checkSession === true,
  }),
  initial: 'starting',
  states: {
    starting: decide('Decides the first screen (no screen of its own).', [
      { guard: 'checksSession', target: 'checkingSession', description: 'The page is opened in a browser' },
      { target: 'form', description: 'The form alone (no session to ask about)' },
    ]),
    checkingSession: checkingSessionState({ screenTag: 'screen.signIn', finished: 'signedIn', unfinished: 'continueSignUp', none: 'form' }),
    form: {
      description: 'The sign-in form: e-mail, password and "keep me signed in"; a failed sign-in shows its message above the form.',
      tags: ['screen.signIn'],
      on: {
        'signIn.submit': {
          target: 'authenticating',
          actions: [
            assign({
              email: ({ event }) => event.email,
              password: ({ event }) => event.password,
              keepLogin: ({ event }) => event.keepLogin,
              acceptedTerms: false,
              termsAccessToken: null,
            }),
            'clearError',
          ],
          description: 'The user types e-mail and password and presses Sign in',
        },
      },
    },
    terms: {
      description: 'The terms panel: the account is not yet a developer account; accepting the developer terms signs in with it.',
      tags: ['screen.terms'],
      on: {
        'terms.accept': {
          target: 'authenticating',
          actions: [assign({ acceptedTerms: true }), 'clearError'],
          description: 'The user presses "Accept and sign in"',
        },
        'terms.decline': { target: 'form', actions: ['forgetPassword', 'clearError'], description: 'The user presses Cancel' },
      },
    },
    authenticating: {
      description: 'E-mail and password (and the accepted terms, if any) are being checked by the server; the button is disabled.',
      tags: ['busy.signingIn'],
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          keepLogin: context.keepLogin,
          acceptedTerms: context.acceptedTerms,
          termsAccessToken: context.acceptedTerms ? context.termsAccessToken : null,
        }),
        onDone: {
          target: 'routing',
          actions: { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
          description: 'The server lets the user in, or asks for a one-time password',
        },
        onError: [
          {
            guard: { type: 'isNonDeveloperAccount', params: errorParams },
            target: 'terms',
            actions: assign({ termsAccessToken: ({ event }) => termsTokenOf(event.error) }),
            description: 'The server answers 040000018: not yet a developer account',
          },
          {
            guard: 'acceptedTerms',
            target: 'terms',
            actions: setErrorFromEvent,
            description: 'Signing in with the accepted terms fails; the terms panel shows the message',
          },
          {
            target: 'form',
            actions: ['forgetPassword', setErrorFromEvent],
            description: 'The server refuses the sign-in (e.g. wrong password); the form shows the message',
          },
        ],
      },
    },
    routing: {
      description: 'Decides where a successful answer leads (no screen of its own).',
      always: [
        {
          guard: 'needsOtp',
          target: 'otp',
          actions: assign({ otpReferenceId: ({ context }) => (context.answer?.kind === 'otpRequired' ? context.answer.otpReferenceId : '') }),
          description: 'A one-time password is needed (new device)',
        },
        { guard: 'isPendingSignUp', target: 'continueSignUp', actions: 'forgetPassword', description: 'The account has not finished sign-up' },
        { target: 'signedIn', actions: 'forgetPassword', description: 'The account is complete' },
      ],
    },
    otp: {
      description: 'The one-time-password panel (the OTP flow): the server e-mailed a code because this device is new.',
      tags: ['screen.otp'],
      entry: 'forgetPassword',
      invoke: {
        id: 'otp',
        src: 'otp',
        input: ({ context }) => ({
          otpReferenceId: context.otpReferenceId,
          email: context.email,
          keepLogin: context.keepLogin,
          resendSeconds: context.resendSeconds,
        }),
        onDone: {
          target: 'routing',
          actions: { type: 'rememberAnswer', params: ({ event }) => ({ answer: { kind: 'signedIn', status: event.output.status } }) },
          description: 'The code is accepted',
        },
      },
      on: { 'otp.cancel': { target: 'form', actions: 'clearError', description: 'The user presses Cancel on the code panel' } },
    },
    signedIn: { description: 'Signed in: the page goes to the redirect target or the dashboard (home on a phone).', tags: ['screen.signedIn'], type: 'final' },
    continueSignUp: {
      description: 'Signed in with an unfinished sign-up: the sign-up flow continues at step 3 (merchant).',
      tags: ['screen.continueSignUp'],
      type: 'final',
    },
  },
})
