import { demoAmountAlert } from './checkout-demo.ts'

export { demoPanelTypes, demoPanelViews, type DemoPanelType, type DemoPanelView } from './demo-panel-ids.ts'

/**
 * The phone-mock test panel (spec §2 demo panels, §3 demo state, §5 demo amount bounds, §8 demo messages):
 * its payment types, the direct-debit views and the amount field's rule. docs/demo-panel.md.
 */

/** What the amount field can say: spec §8's two alerts, and a refusal of anything that is not a whole number. */
export type DemoAmountAlert = 'AMOUNT_TOO_HIGH' | 'AMOUNT_TOO_LOW' | 'AMOUNT_NOT_INTEGER'

/** The field's default (spec §9: 1 for payments). */
export const demoPanelDefaultAmount = 1

/**
 * Reads the amount field (spec §5: 0 to 100 inclusive). Only an optional minus sign and digits are a number here:
 * '1.5', '1e2', '0x10', ' ' and '' are refused, never rounded or guessed.
 */
export function readDemoAmount(text: string): { amount: number; alert: null } | { amount: null; alert: DemoAmountAlert } {
  const trimmed = text.trim()
  if (!/^-?\d{1,12}$/.test(trimmed)) return { amount: null, alert: 'AMOUNT_NOT_INTEGER' }
  const amount = Number(trimmed)
  const alert = demoAmountAlert(amount)
  return alert ? { amount: null, alert } : { amount: Object.is(amount, -0) ? 0 : amount, alert: null }
}
