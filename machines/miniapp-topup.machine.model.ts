import type { AnyMachineSnapshot } from 'xstate'
import { miniappTopupMachine } from './miniapp-topup.machine.ts'

/** The top-up screen as its model-based test and `npm run qa:paths miniapp-topup` walk it. */
export const miniappTopupModel = {
  machine: miniappTopupMachine,
  inputs: [
    {
      name: 'topup',
      label: 'In the studio, run the example app, consent, and press "Top up" (pp.topup)',
      input: { balance: 100_000, fixedAmounts: [1_000, 5_000, 10_000] },
    },
  ],
  simplePaths: false,
  observe: (s: { context: { problem: string | null } }) => (s.context.problem ? ['alert.amount'] : []),
  serializeState: (s: { value: unknown; context: { amountText: string; problem: string | null } }) =>
    JSON.stringify({ value: s.value, amountText: s.context.amountText, problem: s.context.problem }),
  events: [
    { type: 'topup.input', text: '3000', label: 'Type 3000 in the amount field' },
    { type: 'topup.input', text: '0', label: 'Type 0 in the amount field' },
    { type: 'topup.pick', amount: 5_000, label: 'Press the fixed amount ¥5,000' },
    { type: 'topup.charge', label: 'Press "Charge"' },
    { type: 'topup.cancel', label: 'Press the close button' },
  ],
  invariants: [{ name: 'The balance never goes below zero', holds: (s: AnyMachineSnapshot) => s.context.balance >= 0 }],
}
