import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { AccountFlowError } from './account-flow.ts'
import { signInMachine, type AuthenticateInput, type AuthenticateOutput, type VerifyOtpInput } from './sign-in.machine.ts'
import { signInModel } from './sign-in.machine.model.ts'

/**
 * Every path of the sign-in machine on the real actor under a fake clock. The oracle is spec §4's rules,
 * checked after every step from the event and the state before it.
 */
let before: AnyMachineSnapshot | undefined

const outcomeOf = (status: string) =>
  ['PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION'].includes(status) ? 'continueSignUp' : 'signedIn'

testMachinePaths('sign-in', {
  ...signInModel,
  compareContext: false,
  check: (actual, expected) => {
    const event = expected.event
    const type = event.type
    if (type === 'start') expect(actual.matches({ form: 'editing' })).toBe(true)
    else if (type.startsWith('xstate.after.countdownTick')) {
      expect(actual.context.resendSecondsLeft).toBe(before!.context.resendSecondsLeft - 1)
      expect(actual.matches({ otp: { resend: 'ready' } })).toBe(actual.context.resendSecondsLeft === 0)
    } else if (type === 'xstate.done.actor.authenticate' || type === 'xstate.done.actor.authenticateWithTerms') {
      const output = event.output as { kind: string; status?: string; otpReferenceId?: string }
      if (output.kind === 'otpRequired') {
        // spec §4: the OTP panel opens and its 60-second countdown starts
        expect(actual.matches({ otp: { entry: 'editing', resend: 'coolingDown' } })).toBe(true)
        expect(actual.context.resendSecondsLeft).toBe(actual.context.resendSeconds)
        expect(actual.context.otpReferenceId).toBe(output.otpReferenceId)
      } else expect(actual.value).toBe(outcomeOf(output.status!)) // spec §4: PENDING_* → sign-up step 3
    } else if (type === 'xstate.done.actor.verifyOtp') {
      expect(actual.value).toBe(outcomeOf((event.output as { status: string }).status))
    } else if (type === 'xstate.error.actor.authenticate') {
      const error = event.error as AccountFlowError
      if (error.code === '040000018') {
        // spec §4: not yet a developer account → the terms panel, holding the ticket to resubmit with
        expect(actual.matches({ terms: 'reviewing' })).toBe(true)
        expect(actual.context.termsAccessToken).toBe('terms-ticket-0123456789')
      } else {
        expect(actual.matches({ form: 'editing' })).toBe(true)
        expect(actual.context.errorCode).toBe(error.code)
      }
    } else if (type === 'xstate.error.actor.resendOtp') {
      expect(actual.matches({ otp: { resend: 'ready' } })).toBe(true) // spec §4: re-enabled if resend fails
      expect(actual.context.errorCode).toBe('01103101')
    } else if (type === 'xstate.done.actor.resendOtp') {
      expect(actual.matches({ otp: { resend: 'coolingDown' } })).toBe(true)
      expect(actual.context.resendSecondsLeft).toBe(actual.context.resendSeconds)
    } else if (type.startsWith('xstate.error.actor.')) {
      expect(actual.context.errorCode).toBe(('error' in event ? (event.error as AccountFlowError) : undefined)?.code)
    } else if (type === 'terms.decline' || type === 'otp.cancel') {
      expect(actual.matches({ form: 'editing' })).toBe(true)
    }
    // the password is kept only while a resubmission may need it (form submit and terms panel)
    if (!actual.matches('form') && !actual.matches('terms')) expect(actual.context.password).toBe('')
    before = actual
  },
})

describe('sign-in requests', () => {
  it('resubmits the same credentials with the accepted terms and the ticket from the 040000018 answer', async () => {
    const calls: AuthenticateInput[] = []
    const actor = createActor(
      signInMachine.provide({
        actors: {
          authenticate: fromPromise(async ({ input }) => {
            calls.push(input)
            if (!input.acceptedTerms) throw new AccountFlowError('040000018', { access_token: 'ticket-0123456789abcdef', expires_in: 600 })
            return { kind: 'signedIn' as const, status: 'COMPLETED' }
          }),
        },
      }),
      { input: {} },
    ).start()
    actor.send({ type: 'signIn.submit', email: 'wallet@example.com', password: 'Abc12$', keepLogin: false })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ terms: 'reviewing' })).toBe(true))
    actor.send({ type: 'terms.accept' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'))
    expect(calls).toEqual([
      { email: 'wallet@example.com', password: 'Abc12$', keepLogin: false, acceptedTerms: false, termsAccessToken: null },
      { email: 'wallet@example.com', password: 'Abc12$', keepLogin: false, acceptedTerms: true, termsAccessToken: 'ticket-0123456789abcdef' },
    ])
    expect(actor.getSnapshot().context.password).toBe('')
  })

  it('verifies the OTP against the reference of the latest resend, with keep-login carried through', async () => {
    vi.useFakeTimers()
    try {
      const verify = vi.fn(async (_: VerifyOtpInput) => ({ status: 'COMPLETED' }))
      const actor = createActor(
        signInMachine.provide({
          actors: {
            authenticate: fromPromise<AuthenticateOutput, AuthenticateInput>(async () => ({ kind: 'otpRequired', otpReferenceId: 'ref-1' })),
            resendOtp: fromPromise(async () => ({ otpReferenceId: 'ref-2' })),
            verifyOtp: fromPromise(({ input }) => verify(input)),
          },
        }),
        { input: {} },
      ).start()
      actor.send({ type: 'signIn.submit', email: 'dev@example.com', password: 'Abc12$', keepLogin: true })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.resendSecondsLeft).toBe(60)
      await vi.advanceTimersByTimeAsync(60_000)
      actor.send({ type: 'otp.resend' })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'otp.submit', otp: '0042' })
      await vi.advanceTimersByTimeAsync(0)
      expect(verify).toHaveBeenCalledWith({ otpReferenceId: 'ref-2', otp: '0042', email: 'dev@example.com', keepLogin: true })
      expect(actor.getSnapshot().value).toBe('signedIn')
    } finally {
      vi.useRealTimers()
    }
  })
})
