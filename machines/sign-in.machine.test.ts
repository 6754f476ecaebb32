import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { AccountFlowError } from './account-flow.ts'
import { otpMachine, type VerifyOtpInput } from './otp.machine.ts'
import { signInMachine, type AuthenticateInput, type AuthenticateOutput } from './sign-in.machine.ts'
import { signInModel } from './sign-in.machine.model.ts'

/**
 * Every path of the sign-in machine on the real actor under a fake clock. The oracle is spec §4's rules,
 * checked after every step from the event and the state before it.
 */
let before: AnyMachineSnapshot | undefined

const outcomeOf = (status: string) => (['PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION'].includes(status) ? 'continueSignUp' : 'signedIn')

testMachinePaths('sign-in', {
  ...signInModel,
  // The flow's transitions (docs/statecharts/sign-in.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'sign-in page': 'form', opened: 'checkingSession' },
    transitions: {
      form: {
        'signIn.submit': 'authenticating',
      },
      authenticating: {
        'xstate.done.actor.authenticate': ['signedIn', 'continueSignUp', 'otp'],
        'xstate.error.actor.authenticate': ['terms', 'form'],
      },
      otp: {
        'otp.cancel': 'form',
        'xstate.done.actor.otp': 'signedIn',
      },
      terms: {
        'terms.accept': 'authenticating',
        'terms.decline': 'form',
      },
      checkingSession: {
        'xstate.done.actor.existingSession': ['form', 'continueSignUp', 'signedIn'],
      },
    },
  },
  compareContext: false,
  check: (actual, expected) => {
    const event = expected.event
    const type = event.type
    const terms = before?.context.acceptedTerms === true
    if (type === 'start') expect(actual.value).toBe(actual.context.checkSession ? 'checkingSession' : 'form')
    else if (type === 'xstate.done.actor.existingSession') {
      // issue 11: a finished account signed in already goes on (to myhome); an unfinished one resumes sign-up
      const session = event.output as { status: string; email: string } | null
      expect(actual.value).toBe(session ? outcomeOf(session.status) : 'form')
      if (session && session.status !== 'COMPLETED') expect(actual.context.email).toBe(session.email) // step 3 names the account
    } else if (type === 'xstate.done.actor.authenticate') {
      const output = event.output as { kind: string; status?: string; otpReferenceId?: string }
      if (output.kind === 'otpRequired') {
        // spec §4: a new device opens the OTP panel with the reference the server answered
        expect(actual.value).toBe('otp')
        expect(actual.context.otpReferenceId).toBe(output.otpReferenceId)
      } else expect(actual.value).toBe(outcomeOf(output.status!)) // spec §4: PENDING_* → sign-up step 3
    } else if (type === 'xstate.done.actor.otp') {
      expect(actual.value).toBe(outcomeOf((event.output as { status: string }).status))
    } else if (type === 'xstate.error.actor.authenticate') {
      const error = event.error as AccountFlowError
      if (error.code === '040000018') {
        // spec §4: not yet a developer account → the terms panel, holding the ticket to resubmit with
        expect(actual.value).toBe('terms')
        expect(actual.context.termsAccessToken).toBe('terms-ticket-0123456789')
        expect(actual.context.errorCode).toBeNull()
      } else {
        // a failure of the resubmission with accepted terms stays on the terms panel; otherwise the form
        expect(actual.value).toBe(terms ? 'terms' : 'form')
        expect(actual.context.errorCode).toBe(error.code)
      }
    } else if (type === 'terms.accept') {
      expect(actual.value).toBe('authenticating')
      expect([actual.context.acceptedTerms, actual.context.errorCode]).toEqual([true, null])
    } else if (type === 'terms.decline' || type === 'otp.cancel') {
      expect(actual.value).toBe('form')
      expect(actual.context.errorCode).toBeNull()
    } else if (type === 'signIn.submit') {
      // what goes to the server is what was typed, without the terms of an earlier attempt; the old message goes
      const { email, password, keepLogin } = event as unknown as { email: string; password: string; keepLogin: boolean }
      const c = actual.context
      expect([c.email, c.password, c.keepLogin, c.acceptedTerms, c.termsAccessToken, c.errorCode]).toEqual([email, password, keepLogin, false, null, null])
    }
    // back on the form the password is typed again, and no earlier terms are taken for accepted
    if (actual.matches('form') && type !== 'start')
      expect([actual.context.password, actual.context.acceptedTerms, actual.context.termsAccessToken]).toEqual(['', false, null])
    // the password is kept only while a resubmission may need it (form submit and terms panel)
    if (!['form', 'terms', 'authenticating'].some((s) => actual.matches(s as 'form'))) expect(actual.context.password).toBe('')
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
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('terms'))
    actor.send({ type: 'terms.accept' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'))
    expect(calls).toEqual([
      { email: 'wallet@example.com', password: 'Abc12$', keepLogin: false, acceptedTerms: false, termsAccessToken: null },
      { email: 'wallet@example.com', password: 'Abc12$', keepLogin: false, acceptedTerms: true, termsAccessToken: 'ticket-0123456789abcdef' },
    ])
    expect(actor.getSnapshot().context.password).toBe('')
  })

  it('opens the OTP panel with the answered reference and keep-login, and signs in when the code is accepted', async () => {
    const verify = vi.fn(async (_: VerifyOtpInput) => ({ status: 'COMPLETED' }))
    const actor = createActor(
      signInMachine.provide({
        actors: {
          authenticate: fromPromise<AuthenticateOutput, AuthenticateInput>(async () => ({ kind: 'otpRequired', otpReferenceId: 'ref-1' })),
          otp: otpMachine.provide({ actors: { verifyOtp: fromPromise(({ input }) => verify(input)) } }),
        },
      }),
      { input: {} },
    ).start()
    actor.send({ type: 'signIn.submit', email: 'dev@example.com', password: 'Abc12$', keepLogin: true })
    await vi.waitFor(() => expect(actor.getSnapshot().children.otp).toBeDefined())
    expect(actor.getSnapshot().context.password).toBe('')
    actor.getSnapshot().children.otp!.send({ type: 'otp.submit', otp: '0042' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'))
    expect(verify).toHaveBeenCalledWith({ otpReferenceId: 'ref-1', otp: '0042', email: 'dev@example.com', keepLogin: true })
  })
})
