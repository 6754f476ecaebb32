import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { AccountFlowError } from './account-flow.ts'
import { signUpMachine, type CreateAccountInput, type CreateAccountOutput, type CreateApiKeyInput, type RegisterMerchantInput } from './sign-up.machine.ts'
import { otpMachine, type VerifyOtpInput } from './otp.machine.ts'
import { signUpModel } from './sign-up.machine.model.ts'

/**
 * Every path of the sign-up machine replayed on the real actor under a fake clock. The countdown's branch
 * depends on the seconds left, so instead of a state table the oracle is the rules of spec §4 checked after
 * every step (the step's event and the state before it decide what must hold).
 */
testMachinePaths('sign-up', {
  ...signUpModel,
  // The flow's transitions (docs/statecharts/sign-up.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { fresh: 'account.editing', opened: 'checkingSession', 'resumed at merchant': 'merchant.editing' },
    transitions: {
      'account.editing': {
        'account.submit': 'account.creating',
      },
      'account.creating': {
        'xstate.done.actor.createAccount': 'otp',
        'xstate.error.actor.createAccount': 'account.editing',
      },
      otp: {
        'xstate.done.actor.otp': 'merchant.editing',
      },
      'merchant.editing': {
        'logo.select': 'merchant.uploadingLogo',
        'merchant.submit': 'products.choosing',
        'merchant.skip': 'products.choosing',
      },
      'merchant.uploadingLogo': {
        'xstate.done.actor.uploadLogo': 'merchant.editing',
        'xstate.error.actor.uploadLogo': ['merchant.editing', 'timedOut'],
      },
      'products.choosing': {
        'products.back': 'merchant.editing',
        'products.register': 'products.registering',
      },
      'products.registering': {
        'xstate.done.actor.registerMerchant': 'success',
        'xstate.error.actor.registerMerchant': ['products.choosing', 'timedOut'],
      },
      success: {
        'keys.show': 'newKey.creating',
      },
      'newKey.creating': {
        'xstate.done.actor.createApiKey': 'newKey.shown',
        'xstate.error.actor.createApiKey': ['success', 'timedOut'],
      },
      'newKey.shown': {
        'keys.hide': 'success',
      },
      checkingSession: {
        'xstate.done.actor.existingSession': ['account.editing', 'merchant.editing', 'finished'],
      },
    },
  },
  // the model merges states that differ only in codes and names (see its serializeState), so its context is a
  // representative; the checks below assert the context that matters instead
  compareContext: false,
  check: (actual, expected) => {
    const event = expected.event
    const c = actual.context
    // what the user typed is what goes to the server, and a step moved on from shows no earlier message
    if (event.type === 'account.submit') expect([c.email, c.errorCode]).toEqual([event.email, null])
    if (event.type === 'merchant.submit') expect([c.merchantName, c.errorCode]).toEqual([event.merchantName, null])
    if (['merchant.skip', 'products.back', 'products.register'].includes(event.type)) expect(c.errorCode).toBeNull()
    if (event.type === 'logo.select') expect([actual.matches({ merchant: 'uploadingLogo' }), c.logoErrorCode]).toEqual([true, null])
    if (event.type === 'xstate.done.actor.uploadLogo') expect({ logoId: c.logoId, logoUrl: c.logoUrl }).toEqual(event.output) // the logo shows
    if (event.type === 'start') {
      const resumed = actual.context.resumesAtMerchant
      // spec §2: sign-in continues an unfinished sign-up at step 3; a page opened in a browser first asks who is signed in
      const first = resumed ? { merchant: 'editing' } : actual.context.checkSession ? 'checkingSession' : { account: 'editing' }
      expect(actual.matches(first as 'checkingSession')).toBe(true)
    } else if (event.type === 'xstate.done.actor.existingSession') {
      // issue 11: a finished account goes to myhome, an unfinished one resumes at step 3, no one: a new sign-up
      const session = event.output as { status: string; email: string } | null
      const expected = session === null ? { account: 'editing' } : session.status === 'COMPLETED' ? 'finished' : { merchant: 'editing' }
      expect(actual.matches(expected as 'finished')).toBe(true)
      if (session && session.status !== 'COMPLETED') expect(actual.context.email).toBe(session.email)
    } else if (event.type === 'xstate.done.actor.createAccount') {
      const output = event.output as { otpReferenceId: string }
      // spec §4: 1 → 2 on success (the OTP screen is also the verification-e-mail notice)
      expect(actual.value).toBe('otp')
      expect(actual.hasTag('screen.otp')).toBe(true)
      expect(actual.context.otpReferenceId).toBe(output.otpReferenceId)
    } else if (event.type === 'xstate.done.actor.otp') {
      expect(actual.matches({ merchant: 'editing' })).toBe(true) // spec §4: 2 → 3
    } else if (event.type === 'merchant.skip') {
      // spec §4: Skip sets the default merchant name and the default logo id
      expect(actual.matches({ products: 'choosing' })).toBe(true)
      expect(actual.context.merchantName).toBe('Merchant Name')
      expect(actual.context.logoId).toBe('default')
    } else if (event.type === 'merchant.submit') {
      expect(actual.matches({ products: 'choosing' })).toBe(true) // spec §4: 3 → 4
    } else if (event.type === 'products.back') {
      expect(actual.matches({ merchant: 'editing' })).toBe(true) // spec §4: 4 back to 3
    } else if (event.type === 'xstate.done.actor.registerMerchant') {
      expect(actual.value).toBe('success') // spec §4: 4 → 5
      expect(actual.context.merchantId).toBe((event.output as { merchantId: string }).merchantId)
    } else if (event.type === 'keys.show') {
      // the new-key screen creates a key at once; an earlier failure's message goes
      expect(actual.matches({ newKey: 'creating' })).toBe(true)
      expect(actual.context.errorCode).toBeNull()
    } else if (event.type === 'xstate.done.actor.createApiKey') {
      expect(actual.matches({ newKey: 'shown' })).toBe(true)
      expect(actual.context.newKey).toEqual(event.output)
    } else if (event.type === 'keys.hide') {
      // the secret is shown once: leaving the screen drops it
      expect(actual.value).toBe('success')
      expect(actual.context.newKey).toBeNull()
    } else if (event.type === 'xstate.error.actor.registerMerchant' && (event.error as AccountFlowError).code !== 'SESSION_TIMED_OUT') {
      // spec §8: registration failure — the loader stops, no message (the analytics event is the server's)
      expect(actual.matches({ products: 'choosing' })).toBe(true)
      expect(actual.context.errorCode).toBeNull()
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const code = ('error' in event ? (event.error as AccountFlowError) : undefined)?.code
      // a session timeout sends the user to the timeout notice (spec §4); other failures stay with their code
      if (code === 'SESSION_TIMED_OUT') expect(actual.value).toBe('timedOut')
      else if (event.type.endsWith('uploadLogo')) expect(actual.context.logoErrorCode).toBe(code)
      else if (event.type.endsWith('createAccount') && code === 'INTERNAL_SERVER_ERROR') {
        // spec §8: a failed sign-up shows the sign-up text, not the default system error
        expect(actual.matches({ account: 'editing' })).toBe(true)
        expect(actual.context.errorCode).toBe('SIGNUP_FAILED')
      } else {
        expect(actual.context.errorCode).toBe(code)
        // a failed key creation returns to screen 5, which shows why
        if (event.type.endsWith('createApiKey')) expect(actual.value).toBe('success')
      }
    }
  },
})

describe('sign-up requests', () => {
  async function registerWith(events: Parameters<ReturnType<typeof createActor<typeof signUpMachine>>['send']>[0][]) {
    const register = vi.fn(async (_: RegisterMerchantInput) => ({ merchantId: '123456789012345678' }))
    const actor = createActor(signUpMachine.provide({ actors: { registerMerchant: fromPromise(({ input }) => register(input)) } }), {
      input: { startAt: 'merchant', email: 'dev@example.com', defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' },
    }).start()
    for (const event of events) actor.send(event)
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'))
    return register.mock.calls[0]![0]
  }

  it('registers an empty merchant name as the default name and no logo as the default logo (spec §5)', async () => {
    const input = await registerWith([
      { type: 'merchant.submit', merchantName: '   ' },
      { type: 'products.register', products: [1, 7] },
    ])
    expect(input).toEqual({ merchantName: 'Merchant Name', logoId: 'default', email: 'dev@example.com', products: [1, 7] })
  })

  it('keeps the typed merchant name when the user goes Back from step 4, so Next registers it (issue 11)', async () => {
    const input = await registerWith([
      { type: 'merchant.submit', merchantName: 'Cake Shop' },
      { type: 'products.back' },
      { type: 'merchant.submit', merchantName: 'Cake Shop' },
      { type: 'products.register', products: [1] },
    ])
    expect(input.merchantName).toBe('Cake Shop')
  })

  it('answers a sign-up the server fails (500 or no answer) with the sign-up failure code, a refusal with its own', async () => {
    for (const [thrown, shown] of [
      [new AccountFlowError('INTERNAL_SERVER_ERROR'), 'SIGNUP_FAILED'],
      [new Error('network down'), 'SIGNUP_FAILED'],
      [new AccountFlowError('040000019'), '040000019'],
    ] as const) {
      const actor = createActor(
        signUpMachine.provide({ actors: { createAccount: fromPromise<CreateAccountOutput, CreateAccountInput>(async () => Promise.reject(thrown)) } }),
        { input: { defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' } },
      ).start()
      actor.send({ type: 'account.submit', email: 'dev@example.com', password: 'Abc12$' })
      await vi.waitFor(() => expect(actor.getSnapshot().context.errorCode).toBe(shown))
    }
  })

  it('registers the typed name, the uploaded logo and the chosen products', async () => {
    const uploaded = createActor(
      signUpMachine.provide({
        actors: {
          uploadLogo: fromPromise(async () => ({ logoId: 'logo-9', logoUrl: '/v1/logos/logo-9' })),
          registerMerchant: fromPromise(async () => ({ merchantId: '123456789012345678' })),
        },
      }),
      { input: { startAt: 'merchant', email: 'dev@example.com', defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' } },
    ).start()
    uploaded.send({ type: 'logo.select', file: new Blob(['png']) })
    expect(uploaded.getSnapshot().matches({ merchant: 'uploadingLogo' })).toBe(true)
    await vi.waitFor(() => expect(uploaded.getSnapshot().matches({ merchant: 'editing' })).toBe(true))
    expect(uploaded.getSnapshot().context.logoUrl).toBe('/v1/logos/logo-9')
    uploaded.send({ type: 'merchant.submit', merchantName: 'Cake Shop' })
    uploaded.send({ type: 'products.register', products: [2] })
    await vi.waitFor(() => expect(uploaded.getSnapshot().value).toBe('success'))
  })

  it('opens the OTP panel with the reference createAccount answered and goes on to step 3 when it is accepted', async () => {
    const verify = vi.fn(async (_: VerifyOtpInput) => ({ status: 'PENDING_UPLOAD_LOGO' }))
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          createAccount: fromPromise<CreateAccountOutput, CreateAccountInput>(async () => ({ otpReferenceId: 'ref-1' })),
          otp: otpMachine.provide({ actors: { verifyOtp: fromPromise(({ input }) => verify(input)) } }),
        },
      }),
      { input: { defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' } },
    ).start()
    actor.send({ type: 'account.submit', email: 'dev@example.com', password: 'Abc12$' })
    await vi.waitFor(() => expect(actor.getSnapshot().children.otp).toBeDefined())
    expect(actor.getSnapshot().children.otp!.getSnapshot().context.resendSecondsLeft).toBe(60) // spec §9
    actor.getSnapshot().children.otp!.send({ type: 'otp.submit', otp: '4321' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ merchant: 'editing' })).toBe(true))
    expect(verify).toHaveBeenCalledWith({ otpReferenceId: 'ref-1', otp: '4321', email: 'dev@example.com', keepLogin: false })
  })
})

describe('new-key screen', () => {
  it('creates a key for the merchant just registered and forgets the secret when it closes', async () => {
    const create = vi.fn(async (_: CreateApiKeyInput) => ({ apiKey: 'a_second', apiSecret: 'c2VjcmV0', createdAt: '2026-11-21T00:00:00.000Z' }))
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          registerMerchant: fromPromise(async () => ({ merchantId: '123456789012345678' })),
          createApiKey: fromPromise(({ input }) => create(input)),
        },
      }),
      { input: { startAt: 'merchant', email: 'dev@example.com', defaultMerchantName: 'Merchant Name', defaultLogoId: 'default' } },
    ).start()
    actor.send({ type: 'merchant.skip' })
    actor.send({ type: 'products.register', products: [1] })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'))
    actor.send({ type: 'keys.show' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ newKey: 'shown' })).toBe(true))
    expect(create).toHaveBeenCalledWith({ merchantId: '123456789012345678' })
    expect(actor.getSnapshot().context.newKey?.apiSecret).toBe('c2VjcmV0')
    actor.send({ type: 'keys.hide' })
    expect(actor.getSnapshot().context.newKey).toBeNull()
    actor.send({ type: 'keys.show' }) // another visit creates another key; the first secret is not shown again
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(2))
  })
})
