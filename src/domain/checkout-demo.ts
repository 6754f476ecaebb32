import { limits } from './limits.ts'

/**
 * The cake-shop checkout demos (spec §3 demo state, §4 checkout demo, §5, §8 demo messages, §9). The machines
 * keep these codes in context; the portal translates them (one message each, spec §8).
 */
export const checkoutAlerts = {
  /** 'Unknown error occurred. Please try again.' — the QR code could not be created (or came without a url). */
  UNKNOWN_ERROR: 'error',
  /** 'Timed out. Please regenerate again' — nobody paid within 5 minutes; the code or payment was cancelled. */
  TIMED_OUT: 'error',
  /** 'Unknown error occurred. Please wait a while before trying again.' — the authorisation URL could not be fetched. */
  AUTHORIZATION_FAILED: 'error',
  /** "Couldn't get response token. Will start over again." */
  RESPONSE_TOKEN_MISSING: 'error',
  /** 'Refunded the payment successfully.' */
  REFUNDED: 'success',
  /** "Couldn't refund the payment after repeated timeouts. Will try later again on…" */
  REFUND_LATER: 'warning',
  /** 'The payment was cancelled. Nothing was charged.' — the user pressed Cancel beside the QR code (issue 20). */
  CHECKOUT_CANCELED: 'success',
  /** 'The cancel could not be confirmed. The unpaid code expires by itself within a few minutes.' */
  CANCEL_UNCONFIRMED: 'warning',
  /** 'Cashback creation failure' (spec §8) — the cashback after the consent was refused or not answered. */
  CASHBACK_FAILED: 'error',
} as const satisfies Record<string, 'error' | 'warning' | 'success'>

export type CheckoutAlertCode = keyof typeof checkoutAlerts
export type CheckoutAlertKind = (typeof checkoutAlerts)[CheckoutAlertCode]

/** The three cakes of the fictional shop (spec §3), 1 yen each. */
export const cakeIds = ['strawberry', 'chocolate', 'matcha'] as const
export type CakeId = (typeof cakeIds)[number]

/** `DEVELOPER-PANEL-DEMO-` + a random id, cut to the 64 characters a merchant payment id may have (spec §5). */
export function demoMerchantPaymentId(randomId: string): string {
  return `${limits.demo.merchantPaymentIdPrefix}${randomId}`.slice(0, limits.merchantPaymentIdMaxLength)
}

/** The demo amount field (spec §5/§8): null when accepted, else the alert to show. */
export function demoAmountAlert(amount: number): 'AMOUNT_TOO_HIGH' | 'AMOUNT_TOO_LOW' | null {
  if (amount > limits.demo.amountMax) return 'AMOUNT_TOO_HIGH'
  if (amount < limits.demo.amountMin) return 'AMOUNT_TOO_LOW'
  return null
}

/** The wait before retry `attempt` (1-based) of a cancel or refund: 1 s, 2 s, 4 s (spec §9). */
export function retryBackoffMs(attempt: number): number {
  return limits.retry.baseMs * 2 ** Math.max(0, attempt - 1)
}

/** The authorisation frame came back to the demo (its location contains 'loading'); its query carries the token. */
export function responseTokenOf(location: string): { returned: boolean; token: string | null } {
  if (!location.includes('loading')) return { returned: false, token: null }
  const query = location.includes('?') ? location.slice(location.indexOf('?') + 1).split('#')[0]! : ''
  const token = new URLSearchParams(query).get('responseToken')
  return { returned: true, token: token && token.trim() ? token : null }
}
