import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { miniappTopupMachine, topupAmount, topupMaxAmount } from './miniapp-topup.machine.ts'
import { miniappTopupModel } from './miniapp-topup.machine.model.ts'

/**
 * Spec §2 top-up screen (amount input, fixed amounts, method, Charge, close). The oracle: Charge ends the screen only
 * with a whole amount in range and otherwise shows why; close always cancels; typing or picking clears the message.
 */
testMachinePaths('miniapp-topup', {
  ...miniappTopupModel,
  // The flow's transitions (docs/statecharts/miniapp-topup.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { topup: 'editing' },
    transitions: {
      editing: {
        'topup.input': 'editing',
        'topup.pick': 'editing',
        'topup.charge': ['editing', 'charged'],
        'topup.cancel': 'cancelled',
      },
    },
  },
  check: (actual, expected, previous) => {
    const { event } = expected
    if (event.type === 'start') return expect(actual.value).toBe('editing')
    if (event.type === 'topup.cancel') {
      expect(actual.value).toBe('cancelled')
      expect(actual.output).toBe('cancelled')
      expect(actual.context.outcome).toBe('cancelled') // what an engineer watching the session in the inspector sees
    }
    if (event.type === 'topup.input' || event.type === 'topup.pick') {
      expect(actual.value).toBe('editing')
      expect(actual.context.problem).toBeNull()
      expect(actual.context.amountText).toBe(event.type === 'topup.input' ? event.text : String(event.amount))
    }
    if (event.type === 'topup.charge') {
      const amount = topupAmount(previous!.context.amountText)
      if (typeof amount === 'number') {
        expect(actual.value).toBe('charged')
        expect(actual.output).toEqual({ amount })
      } else {
        expect(actual.value).toBe('editing')
        expect(actual.context.problem).toBe(amount)
      }
    }
  },
})

describe('top-up amount', () => {
  it('takes whole yen from 1 to the sandbox limit, full-width digits and separators included', () => {
    expect(topupAmount('１，０００')).toBe(1_000)
    expect(topupAmount('¥ 2,500')).toBe(2_500)
    expect(topupAmount('')).toBe('NOT_A_NUMBER')
    expect(topupAmount('12.5')).toBe('NOT_A_NUMBER')
    expect(topupAmount('0')).toBe('TOO_LOW')
    expect(topupAmount(String(topupMaxAmount + 1))).toBe('TOO_HIGH')
    expect(topupAmount(String(topupMaxAmount))).toBe(topupMaxAmount)
  })

  it('charges a picked fixed amount', () => {
    const actor = createActor(miniappTopupMachine, { input: { balance: 0, fixedAmounts: [1_000] } }).start()
    actor.send({ type: 'topup.pick', amount: 1_000 })
    actor.send({ type: 'topup.charge' })
    expect(actor.getSnapshot().output).toEqual({ amount: 1_000 })
  })
})
