import { assign, setup } from 'xstate'
import { limits } from '../src/domain/limits.ts'

/**
 * The lifecycle of one sandbox order (spec §4; the provider's published status transitions):
 *
 *   instant:   CREATED → COMPLETED → REFUNDED; cancel → FAILED (until 00:14:59 JST the next day)
 *   pre-auth:  CREATED → AUTHORIZED → COMPLETED (capture, or the user confirms a higher one) / CANCELED (revert)
 *              / EXPIRED / FAILED (cancel)
 *   unpaid:    CREATED → FAILED when the code expires, is deleted, or the merchant cancels;
 *              request orders CREATED → CANCELED when the merchant deletes them.
 *
 * Pure: time arrives in events (`nowMs`), so the machine never reads a clock. The engine restores a snapshot
 * from the stored row, asks this machine for the next snapshot, and persists it. A refused event leaves the
 * state as it is and names the published error code in `context.rejection`; the engine answers with it.
 */

export type PaymentStatus = 'CREATED' | 'AUTHORIZED' | 'COMPLETED' | 'REFUNDED' | 'FAILED' | 'CANCELED' | 'EXPIRED'

export type PaymentKind = 'QR' | 'NATIVE' | 'PREAUTH' | 'SUBSCRIPTION' | 'REQUEST_ORDER'

export interface PaymentContext {
  kind: PaymentKind
  isAuthorization: boolean
  /** Order amount; for pre-auth the authorised amount (changed by reauthorize). */
  amount: number
  createdAtMs: number
  acceptedAtMs: number | null
  /** Unpaid code / request expiry. */
  codeExpiresAtMs: number | null
  /** Pre-auth expiry. */
  expiresAtMs: number | null
  reauthCount: number
  /** The published error code of the last refused event; null after an accepted one. */
  rejection: string | null
}

export type PaymentInput = Omit<PaymentContext, 'rejection'>

export type PaymentEvent =
  | { type: 'user.paid'; nowMs: number }
  | { type: 'code.deleted'; nowMs: number }
  | { type: 'time.passed'; nowMs: number }
  | { type: 'merchant.cancel'; nowMs: number }
  | { type: 'merchant.cancelRequest'; nowMs: number }
  | { type: 'merchant.refund'; nowMs: number; amount: number }
  | { type: 'merchant.capture'; nowMs: number; amount: number }
  /** The user confirmed a capture above the authorised amount (after 202 USER_CONFIRMATION_REQUIRED). */
  | { type: 'user.confirmedCapture'; nowMs: number; amount: number }
  | { type: 'merchant.revert'; nowMs: number }
  | { type: 'merchant.reauthorize'; nowMs: number; amount: number }

const jstOffsetMs = 9 * 60 * 60_000
const dayMs = 24 * 60 * 60_000

/** The first instant after the cancel window: 00:15:00 Japan time on the day after `acceptedAtMs` (spec §4). */
export function cancelDeadlineMs(acceptedAtMs: number): number {
  const startOfJstDay = Math.floor((acceptedAtMs + jstOffsetMs) / dayMs) * dayMs - jstOffsetMs
  return startOfJstDay + dayMs + limits.sandbox.cancelDeadlineJstMinuteOfNextDay * 60_000
}

/** A refused event: the state stays, `rejection` names the published error code. */
const reject = (code: string) => ({ type: 'reject' as const, params: { code } })
const accept = { rejection: () => null }

const isWithinCancelWindow = ({ context, event }: { context: PaymentContext; event: PaymentEvent }) =>
  event.nowMs < cancelDeadlineMs(context.acceptedAtMs ?? context.createdAtMs)

/** What a settled order says to every further merchant or user event. */
function settled(codes: { refund: string; capture: string; pay: string; deleteCode: string }) {
  return {
    on: {
      'merchant.cancel': { actions: reject('ORDER_NOT_REVERSIBLE') },
      'merchant.refund': { actions: reject(codes.refund) },
      'merchant.capture': { actions: reject(codes.capture) },
      'user.confirmedCapture': { actions: reject(codes.capture) },
      'merchant.revert': { actions: reject('ORDER_NOT_CANCELABLE') },
      'merchant.reauthorize': { actions: reject('REAUTHORIZE_REJECTED') },
      'merchant.cancelRequest': { actions: reject('INVALID_REQUEST_ORDER_STATE') },
      'user.paid': { actions: reject(codes.pay) },
      'code.deleted': { actions: reject(codes.deleteCode) },
    },
  } as const
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actions: {
    reject: assign((_, params: { code: string }) => ({ rejection: params.code })),
  },
  guards: {
    isAuthorization: ({ context }) => context.isAuthorization,
    isCodeExpired: ({ context, event }) => context.codeExpiresAtMs !== null && event.nowMs >= context.codeExpiresAtMs,
    isAuthorizationExpired: ({ context, event }) => context.expiresAtMs !== null && event.nowMs >= context.expiresAtMs,
    isWithinCancelWindow,
    isRequestOrder: ({ context }) => context.kind === 'REQUEST_ORDER',
    isRefundAmountInvalid: ({ context, event }) => !('amount' in event) || event.amount <= 0 || event.amount > context.amount,
    isRefundWindowPassed: ({ context, event }) =>
      context.acceptedAtMs === null || event.nowMs >= context.acceptedAtMs + limits.sandbox.refundWindowMs,
    isAboveAuthorized: ({ context, event }) => 'amount' in event && event.amount > context.amount,
    isReauthLimitReached: ({ context }) => context.reauthCount >= limits.sandbox.reauthorizeMaxAttempts,
    isSameAmount: ({ context, event }) => 'amount' in event && event.amount === context.amount,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input, rejection: null }),
  initial: 'CREATED',
  states: {
    CREATED: {
      on: {
        'user.paid': [
          { guard: 'isCodeExpired', actions: reject('DYNAMIC_QR_PAYMENT_NOT_FOUND') },
          { guard: 'isAuthorization', target: 'AUTHORIZED', actions: assign({ ...accept, acceptedAtMs: ({ event }) => event.nowMs }) },
          { target: 'COMPLETED', actions: assign({ ...accept, acceptedAtMs: ({ event }) => event.nowMs }) },
        ],
        'code.deleted': { target: 'FAILED', actions: assign(accept) },
        'time.passed': { guard: 'isCodeExpired', target: 'FAILED', actions: assign(accept) },
        'merchant.cancel': { target: 'FAILED', actions: assign(accept) },
        'merchant.cancelRequest': [
          { guard: 'isRequestOrder', target: 'CANCELED', actions: assign(accept) },
          { actions: reject('INVALID_REQUEST_ORDER_STATE') },
        ],
        'merchant.refund': { actions: reject('UNACCEPTABLE_OP') },
        'merchant.capture': { actions: reject('ORDER_NOT_CAPTURABLE') },
        'user.confirmedCapture': { actions: reject('ORDER_NOT_CAPTURABLE') },
        'merchant.revert': { actions: reject('ORDER_NOT_CANCELABLE') },
        'merchant.reauthorize': { actions: reject('REAUTHORIZE_REJECTED') },
      },
    },
    AUTHORIZED: {
      on: {
        'time.passed': { guard: 'isAuthorizationExpired', target: 'EXPIRED', actions: assign(accept) },
        'merchant.capture': [
          { guard: 'isAuthorizationExpired', actions: reject('ORDER_EXPIRED') },
          { guard: 'isAboveAuthorized', actions: reject('USER_CONFIRMATION_REQUIRED') },
          {
            target: 'COMPLETED',
            actions: assign({ ...accept, amount: ({ event }) => ('amount' in event ? event.amount : 0), acceptedAtMs: ({ event }) => event.nowMs }),
          },
        ],
        'user.confirmedCapture': [
          { guard: 'isAuthorizationExpired', actions: reject('ORDER_EXPIRED') },
          {
            target: 'COMPLETED',
            actions: assign({ ...accept, amount: ({ event }) => ('amount' in event ? event.amount : 0), acceptedAtMs: ({ event }) => event.nowMs }),
          },
        ],
        'merchant.revert': [
          { guard: 'isAuthorizationExpired', actions: reject('ORDER_NOT_CANCELABLE') },
          { target: 'CANCELED', actions: assign(accept) },
        ],
        'merchant.cancel': { target: 'FAILED', actions: assign(accept) },
        'merchant.reauthorize': [
          { guard: 'isAuthorizationExpired', actions: reject('REAUTHORIZE_REJECTED') },
          { guard: 'isReauthLimitReached', actions: reject('REAUTH_MAX_LIMIT_EXCEEDED') },
          { guard: 'isSameAmount', actions: reject('REAUTH_AMOUNT_UNCHANGED') },
          {
            guard: 'isAboveAuthorized',
            actions: assign({ rejection: () => 'USER_CONFIRMATION_REQUIRED', reauthCount: ({ context }) => context.reauthCount + 1 }),
          },
          {
            target: 'AUTHORIZED',
            reenter: false,
            actions: assign({
              ...accept,
              amount: ({ event }) => ('amount' in event ? event.amount : 0),
              reauthCount: ({ context }) => context.reauthCount + 1,
            }),
          },
        ],
        'merchant.refund': { actions: reject('UNACCEPTABLE_OP') },
        'merchant.cancelRequest': { actions: reject('INVALID_REQUEST_ORDER_STATE') },
        'user.paid': { actions: reject('DYNAMIC_QR_ALREADY_PAID') },
        'code.deleted': { actions: reject('DYNAMIC_QR_ALREADY_PAID') },
      },
    },
    COMPLETED: {
      on: {
        'merchant.cancel': [
          { guard: 'isWithinCancelWindow', target: 'FAILED', actions: assign(accept) },
          { actions: reject('ORDER_NOT_REVERSIBLE') },
        ],
        'merchant.refund': [
          { guard: 'isRefundAmountInvalid', actions: reject('INVALID_PARAMS') },
          { guard: 'isRefundWindowPassed', actions: reject('REFUND_WINDOW_EXCEED') },
          { target: 'REFUNDED', actions: assign(accept) },
        ],
        'merchant.capture': { actions: reject('ALREADY_CAPTURED') },
        'user.confirmedCapture': { actions: reject('ALREADY_CAPTURED') },
        'merchant.revert': { actions: reject('ORDER_NOT_CANCELABLE') },
        'merchant.reauthorize': { actions: reject('REAUTHORIZE_REJECTED') },
        'merchant.cancelRequest': { actions: reject('INVALID_REQUEST_ORDER_STATE') },
        'user.paid': { actions: reject('DYNAMIC_QR_ALREADY_PAID') },
        'code.deleted': { actions: reject('DYNAMIC_QR_ALREADY_PAID') },
      },
    },
    REFUNDED: settled({ refund: 'MERCHANT_MULTIPLE_REFUND_REJECTED', capture: 'ALREADY_CAPTURED', pay: 'DYNAMIC_QR_ALREADY_PAID', deleteCode: 'DYNAMIC_QR_ALREADY_PAID' }),
    FAILED: settled({ refund: 'UNACCEPTABLE_OP', capture: 'ORDER_NOT_CAPTURABLE', pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND', deleteCode: 'DYNAMIC_QR_NOT_FOUND' }),
    CANCELED: settled({ refund: 'UNACCEPTABLE_OP', capture: 'ORDER_NOT_CAPTURABLE', pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND', deleteCode: 'DYNAMIC_QR_NOT_FOUND' }),
    EXPIRED: settled({ refund: 'UNACCEPTABLE_OP', capture: 'ORDER_EXPIRED', pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND', deleteCode: 'DYNAMIC_QR_NOT_FOUND' }),
  },
})

/** The statuses the machine can be in (its state values). */
export const paymentStatuses: readonly PaymentStatus[] = ['CREATED', 'AUTHORIZED', 'COMPLETED', 'REFUNDED', 'FAILED', 'CANCELED', 'EXPIRED']
