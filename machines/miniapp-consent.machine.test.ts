import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { miniappConsentMachine } from './miniapp-consent.machine.ts'
import { miniappConsentModel } from './miniapp-consent.machine.model.ts'

/**
 * Spec §2 consent screen and §6: all registered permissions asked at once, Agree only after scrolling to the end,
 * Cancel at any time, single scopes refused. The oracle is the spec's transition table plus what is granted.
 */
testMachinePaths('miniapp-consent', {
  ...miniappConsentModel,
  spec: {
    initial: { 'first launch': 'reading' },
    transitions: {
      reading: { 'consent.scrolledToEnd': 'readToEnd', 'consent.toggle': 'reading', 'consent.cancel': 'cancelled' },
      readToEnd: { 'consent.agree': 'agreed', 'consent.toggle': 'readToEnd', 'consent.cancel': 'cancelled' },
    },
  },
  check: (actual, expected, previous) => {
    const { type } = expected.event
    if (type === 'start') expect(actual.context.granted).toEqual(actual.context.permissions) // every scope asked at once, granted by default
    expect(actual.hasTag('agree.enabled')).toBe(actual.matches('readToEnd'))
    if (type === 'consent.toggle') {
      const had = previous!.context.granted.includes('mini_app_user_phone_number')
      expect(actual.context.granted.includes('mini_app_user_phone_number')).toBe(!had)
    }
    if (type === 'consent.agree') expect(actual.output).toEqual({ granted: actual.context.granted })
    if (type === 'consent.cancel') expect(actual.output).toBe('cancelled')
    // what an engineer watching the session in the inspector sees of the screen's end
    if (type === 'consent.cancel' || type === 'consent.agree') expect(actual.context.outcome).toBe(type === 'consent.agree' ? 'agreed' : 'cancelled')
  },
})

describe('consent screen', () => {
  it('ignores Agree before the end of the text is reached', () => {
    const actor = createActor(miniappConsentMachine, { input: { appName: 'x', permissions: ['mini_app_user_name'] } }).start()
    actor.send({ type: 'consent.agree' })
    expect(actor.getSnapshot().value).toBe('reading')
  })

  it('grants what is left switched on, in the order the app registered it', () => {
    const actor = createActor(miniappConsentMachine, {
      input: { appName: 'x', permissions: ['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_kyc'] },
    }).start()
    actor.send({ type: 'consent.toggle', permission: 'mini_app_user_name' })
    actor.send({ type: 'consent.toggle', permission: 'mini_app_kyc' })
    actor.send({ type: 'consent.toggle', permission: 'mini_app_user_name' })
    actor.send({ type: 'consent.scrolledToEnd' })
    actor.send({ type: 'consent.agree' })
    expect(actor.getSnapshot().output).toEqual({ granted: ['mini_app_user_name', 'mini_app_payment_balance'] })
  })
})
