import { assign, setup } from 'xstate'
import { limits } from '../src/domain/limits.ts'

/**
 * A mini app's pp.topup in the studio's phone (spec §2 "Mini-app screens": close, title, amount input, fixed-amount
 * options, method, charge). The amount is whole yen from 1 to the sandbox's largest top-up; Charge with another
 * amount keeps the screen and says why. Ends with the amount to charge, or cancelled.
 */

export const topupMinAmount = 1
export const topupMaxAmount = limits.sandbox.maxTopUpAmount
export type TopupProblem = 'NOT_A_NUMBER' | 'TOO_LOW' | 'TOO_HIGH'

export interface MiniappTopupInput {
  balance: number
  fixedAmounts: readonly number[]
}
export interface MiniappTopupContext {
  balance: number
  fixedAmounts: number[]
  amountText: string
  problem: TopupProblem | null
  outcome: 'charged' | 'cancelled' | null
}
export type MiniappTopupEvent =
  { type: 'topup.input'; text: string } | { type: 'topup.pick'; amount: number } | { type: 'topup.charge' } | { type: 'topup.cancel' }

/** The amount typed, as whole yen (full-width digits and separators accepted), or why it cannot be charged. */
export function topupAmount(text: string): number | TopupProblem {
  const normal = text.normalize('NFKC').replace(/[,\s¥]/g, '')
  if (!/^\d+$/.test(normal)) return 'NOT_A_NUMBER'
  const amount = Number(normal)
  if (amount < topupMinAmount) return 'TOO_LOW'
  if (amount > topupMaxAmount) return 'TOO_HIGH'
  return amount
}

export const miniappTopupMachine = setup({
  types: {
    context: {} as MiniappTopupContext,
    events: {} as MiniappTopupEvent,
    input: {} as MiniappTopupInput,
    output: {} as { amount: number } | 'cancelled',
  },
  guards: {
    amountValid: ({ context }) => typeof topupAmount(context.amountText) === 'number',
  },
}).createMachine({
  id: 'miniappTopup',
  description:
    'A mini-app top-up in the phone: type an amount or pick a fixed one, the balance is the method; Charge with a whole amount from 1 yen to the sandbox limit ends with that amount, otherwise the screen says why. Close cancels.',
  context: ({ input }) => ({ balance: input.balance, fixedAmounts: [...input.fixedAmounts], amountText: '', problem: null, outcome: null }),
  output: ({ context }) => {
    const amount = topupAmount(context.amountText)
    return context.outcome === 'charged' && typeof amount === 'number' ? { amount } : 'cancelled'
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The top-up screen: amount field, fixed amounts, the method and Charge; a refused amount shows its message under the field.',
      tags: ['screen.topup'],
      on: {
        'topup.input': {
          actions: assign({ amountText: ({ event }) => event.text, problem: null }),
          description: 'The user types an amount',
        },
        'topup.pick': {
          actions: assign({ amountText: ({ event }) => String(event.amount), problem: null }),
          description: 'The user picks a fixed amount',
        },
        'topup.charge': [
          { guard: 'amountValid', target: 'charged', actions: assign({ outcome: 'charged' }), description: 'The user presses Charge with a valid amount' },
          {
            actions: assign({
              problem: ({ context }) => {
                const amount = topupAmount(context.amountText)
                return typeof amount === 'number' ? null : amount
              },
            }),
            description: 'The user presses Charge with no amount, or one out of range: the message shows',
          },
        ],
        'topup.cancel': { target: 'cancelled', actions: assign({ outcome: 'cancelled' }), description: 'The user presses close' },
      },
    },
    charged: { description: 'The sandbox tops the balance up by the amount; the app gets the new balance.', type: 'final' },
    cancelled: { description: 'Nothing is charged: the app gets USER_CANCELED.', type: 'final' },
  },
})
