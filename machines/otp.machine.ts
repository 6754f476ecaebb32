import { assign, fromPromise, setup } from 'xstate'
import { countdownTickMs, defaultResendSeconds, errorCodeOf, setErrorFromEvent } from './account-flow.ts'

/**
 * The one-time-password panel shared by sign-in and sign-up (spec §2 sign-up screen 2 and the sign-in OTP panel,
 * §4): the code entry, and beside it the resend button that stays disabled for 60 seconds after the panel opens
 * and after each resend (re-enabled at once if a resend fails). Sign-in and sign-up invoke it and provide the two
 * requests; it ends when the server accepts a code and outputs the account status the server answered.
 * Pure: requests are named actors; the machine keeps codes, never text.
 */

export interface VerifyOtpInput {
  otpReferenceId: string
  otp: string
  email: string
  keepLogin: boolean
}
export interface VerifyOtpOutput {
  /** The account's status (e.g. COMPLETED, PENDING_UPLOAD_LOGO). */
  status: string
}
export interface ResendOtpInput {
  otpReferenceId: string
}
export interface ResendOtpOutput {
  otpReferenceId: string
}

export interface OtpInput {
  otpReferenceId: string
  email: string
  keepLogin?: boolean
  /** The resend cooldown (spec §9: 60 s). */
  resendSeconds?: number
}

export interface OtpContext {
  otpReferenceId: string
  email: string
  keepLogin: boolean
  resendSeconds: number
  resendSecondsLeft: number
  status: string
  errorCode: string | null
}

export type OtpEvent = { type: 'otp.submit'; otp: string } | { type: 'otp.resend' }

export const otpMachine = setup({
  types: { context: {} as OtpContext, events: {} as OtpEvent, input: {} as OtpInput, output: {} as VerifyOtpOutput },
  actors: {
    /** Checks the code with the server; sign-in and sign-up each provide their own request. */
    verifyOtp: fromPromise<VerifyOtpOutput, VerifyOtpInput>(async () => ({ status: 'COMPLETED' })),
    /** Asks the server to e-mail a new code; answers the new reference. */
    resendOtp: fromPromise<ResendOtpOutput, ResendOtpInput>(async ({ input }) => input),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    clearError: assign({ errorCode: null }),
    startCountdown: assign({ resendSecondsLeft: ({ context }) => context.resendSeconds }),
    stopCountdown: assign({ resendSecondsLeft: 0 }),
    tick: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
  },
  delays: { countdownTick: countdownTickMs, resendCooldown: ({ context }) => context.resendSeconds * countdownTickMs },
}).createMachine({
  id: 'otp',
  description: 'The one-time-password panel: type the 4-digit code from the e-mail; a new code can be asked for 60 seconds after the last one.',
  context: ({ input }) => ({
    otpReferenceId: input.otpReferenceId,
    email: input.email,
    keepLogin: input.keepLogin ?? false,
    resendSeconds: input.resendSeconds ?? defaultResendSeconds,
    resendSecondsLeft: 0,
    status: '',
    errorCode: null,
  }),
  output: ({ context }) => ({ status: context.status }),
  initial: 'open',
  states: {
    open: {
      description: 'The code panel is shown: the code field on one side, the resend button with its countdown on the other.',
      type: 'parallel',
      tags: ['screen.otp'],
      states: {
        entry: {
          description: 'Typing and sending the code.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field waits for the 4 digits; a rejected code shows its message above the field.',
              on: { 'otp.submit': { target: 'verifying', actions: 'clearError', description: 'The user types the code and presses Confirm' } },
            },
            verifying: {
              description: 'The code is being checked with the server; Verify is disabled.',
              tags: ['busy.verifying'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context, event }) => ({
                  otpReferenceId: context.otpReferenceId,
                  otp: event.type === 'otp.submit' ? event.otp : '',
                  email: context.email,
                  keepLogin: context.keepLogin,
                }),
                onDone: {
                  target: '#otp.verified',
                  actions: assign({ status: ({ event }) => event.output.status }),
                  description: 'The server accepts the code',
                },
                onError: { target: 'editing', actions: setErrorFromEvent, description: 'The server rejects the code (wrong or expired)' },
              },
            },
          },
        },
        resend: {
          description: 'The resend button.',
          initial: 'coolingDown',
          states: {
            // spec §4: resend is disabled for 60 s after the panel opens and after each resend
            coolingDown: {
              description: 'Resend is disabled; the button counts the seconds down from 60.',
              tags: ['resend.countdown'],
              entry: 'startCountdown',
              after: { resendCooldown: { target: 'ready', actions: 'stopCountdown', description: 'The countdown reaches zero' } },
              initial: 'counting',
              states: {
                counting: {
                  description: 'The countdown shows the seconds left.',
                  after: {
                    countdownTick: { target: 'counting', reenter: true, actions: 'tick', description: 'Every second the countdown shows one second less' },
                  },
                },
              },
            },
            ready: {
              description: 'Resend is enabled.',
              tags: ['resend.ready'],
              on: { 'otp.resend': { target: 'resending', actions: 'clearError', description: 'The user presses Resend' } },
            },
            resending: {
              description: 'A new code is being requested; the button is disabled.',
              tags: ['busy.resending'],
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                input: ({ context }) => ({ otpReferenceId: context.otpReferenceId }),
                onDone: {
                  target: 'coolingDown',
                  actions: assign({ otpReferenceId: ({ event }) => event.output.otpReferenceId }),
                  description: 'The server e-mails a new code; the countdown starts again',
                },
                // spec §4: re-enabled if the resend fails
                onError: { target: 'ready', actions: setErrorFromEvent, description: 'The resend fails; the button is enabled again and the message shows' },
              },
            },
          },
        },
      },
    },
    verified: { description: 'The code was accepted: the flow that opened the panel goes on.', type: 'final' },
  },
})
