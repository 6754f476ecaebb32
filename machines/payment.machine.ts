import { assign, setup } from 'xstate'
import { limits } from '../src/domain/limits.ts'

/**
 * The lifecycle of one sandbox order (spec §4; the provider's published status transitions):
 *
 *   instant:   CREATED → COMPLETED → REFUNDED; cancel → FAILED (until 00:14:59 JST the next day);
 *              a paid test QR payment → FAILED by itself a minute later (spec §4, `autoCancelAtMs`)
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
  /**
   * Spec §4: a paid test QR payment cancels itself at this instant (set when the user pays, one minute later,
   * unless the merchant turned the switch off in Settings); null = never.
   */
  autoCancelAtMs: number | null
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
/** A refused event as a transition: the guard (if any) says when, the description names the code the API answers. */
function refuse(code: string): { actions: ReturnType<typeof reject>; description: string }
function refuse<TGuard extends string>(code: string, guard: TGuard): { guard: TGuard; actions: ReturnType<typeof reject>; description: string }
function refuse(code: string, guard?: string) {
  return { ...(guard ? { guard } : {}), actions: reject(code), description: `Refused: the API answers ${code}` }
}

const isWithinCancelWindow = ({ context, event }: { context: PaymentContext; event: PaymentEvent }) =>
  event.nowMs < cancelDeadlineMs(context.acceptedAtMs ?? context.createdAtMs)

/** What a settled order says to every further merchant or user event. */
function settled(status: string, description: string, codes: { refund: string; capture: string; pay: string; deleteCode: string }) {
  return {
    description,
    tags: [`status.${status}`],
    on: {
      'merchant.cancel': refuse('ORDER_NOT_REVERSIBLE'),
      'merchant.refund': refuse(codes.refund),
      'merchant.capture': refuse(codes.capture),
      'user.confirmedCapture': refuse(codes.capture),
      'merchant.revert': refuse('ORDER_NOT_CANCELABLE'),
      'merchant.reauthorize': refuse('REAUTHORIZE_REJECTED'),
      'merchant.cancelRequest': refuse('INVALID_REQUEST_ORDER_STATE'),
      'user.paid': refuse(codes.pay),
      'code.deleted': refuse(codes.deleteCode),
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
    isAutoCancelDue: ({ context, event }) => context.autoCancelAtMs !== null && event.nowMs >= context.autoCancelAtMs,
    isWithinCancelWindow,
    isRequestOrder: ({ context }) => context.kind === 'REQUEST_ORDER',
    isRefundAmountInvalid: ({ context, event }) => !('amount' in event) || event.amount <= 0 || event.amount > context.amount,
    isRefundWindowPassed: ({ context, event }) => context.acceptedAtMs === null || event.nowMs >= context.acceptedAtMs + limits.sandbox.refundWindowMs,
    isAboveAuthorized: ({ context, event }) => 'amount' in event && event.amount > context.amount,
    isReauthLimitReached: ({ context }) => context.reauthCount >= limits.sandbox.reauthorizeMaxAttempts,
    isSameAmount: ({ context, event }) => 'amount' in event && event.amount === context.amount,
  },
}).createMachine({
  id: 'payment',
  description:
    'One sandbox order from creation to its final status: paid, authorised, captured, refunded, canceled, expired or failed. Every refused request leaves the status as it is and answers a published error code.',
  context: ({ input }) => ({ ...input, rejection: null }),
  initial: 'CREATED',
  states: {
    CREATED: {
      description: 'CREATED: the order waits for the user to pay (QR code shown, or request sent).',
      tags: ['status.CREATED'],
      on: {
        'user.paid': [
          refuse('DYNAMIC_QR_PAYMENT_NOT_FOUND', 'isCodeExpired'),
          {
            guard: 'isAuthorization',
            target: 'AUTHORIZED',
            actions: assign({ ...accept, acceptedAtMs: ({ event }) => event.nowMs }),
            description: 'The user pays a pre-authorisation: the amount is held',
          },
          { target: 'COMPLETED', actions: assign({ ...accept, acceptedAtMs: ({ event }) => event.nowMs }), description: 'The user pays' },
        ],
        'code.deleted': { target: 'FAILED', actions: assign(accept), description: 'The merchant deletes the QR code' },
        'time.passed': { guard: 'isCodeExpired', target: 'FAILED', actions: assign(accept), description: 'The code expires unpaid' },
        'merchant.cancel': { target: 'FAILED', actions: assign(accept), description: 'The merchant cancels the unpaid order' },
        'merchant.cancelRequest': [
          { guard: 'isRequestOrder', target: 'CANCELED', actions: assign(accept), description: 'The merchant deletes the pending request order' },
          refuse('INVALID_REQUEST_ORDER_STATE'),
        ],
        'merchant.refund': refuse('UNACCEPTABLE_OP'),
        'merchant.capture': refuse('ORDER_NOT_CAPTURABLE'),
        'user.confirmedCapture': refuse('ORDER_NOT_CAPTURABLE'),
        'merchant.revert': refuse('ORDER_NOT_CANCELABLE'),
        'merchant.reauthorize': refuse('REAUTHORIZE_REJECTED'),
      },
    },
    AUTHORIZED: {
      description: 'AUTHORIZED: the amount is held for the merchant to capture, revert or reauthorise before the authorisation expires.',
      tags: ['status.AUTHORIZED'],
      on: {
        'time.passed': { guard: 'isAuthorizationExpired', target: 'EXPIRED', actions: assign(accept), description: 'The authorisation expires' },
        'merchant.capture': [
          refuse('ORDER_EXPIRED', 'isAuthorizationExpired'),
          refuse('USER_CONFIRMATION_REQUIRED', 'isAboveAuthorized'),
          {
            target: 'COMPLETED',
            actions: assign({ ...accept, amount: ({ event }) => ('amount' in event ? event.amount : 0), acceptedAtMs: ({ event }) => event.nowMs }),
            description: 'The merchant captures up to the held amount',
          },
        ],
        'user.confirmedCapture': [
          refuse('ORDER_EXPIRED', 'isAuthorizationExpired'),
          {
            target: 'COMPLETED',
            actions: assign({ ...accept, amount: ({ event }) => ('amount' in event ? event.amount : 0), acceptedAtMs: ({ event }) => event.nowMs }),
            description: 'The user confirms a capture above the held amount',
          },
        ],
        'merchant.revert': [
          refuse('ORDER_NOT_CANCELABLE', 'isAuthorizationExpired'),
          { target: 'CANCELED', actions: assign(accept), description: 'The merchant reverts the authorisation' },
        ],
        'merchant.cancel': { target: 'FAILED', actions: assign(accept), description: 'The merchant cancels the order' },
        'merchant.reauthorize': [
          refuse('REAUTHORIZE_REJECTED', 'isAuthorizationExpired'),
          refuse('REAUTH_MAX_LIMIT_EXCEEDED', 'isReauthLimitReached'),
          refuse('REAUTH_AMOUNT_UNCHANGED', 'isSameAmount'),
          {
            guard: 'isAboveAuthorized',
            actions: assign({ rejection: () => 'USER_CONFIRMATION_REQUIRED', reauthCount: ({ context }) => context.reauthCount + 1 }),
            description: 'A higher amount needs the user to confirm: the API answers USER_CONFIRMATION_REQUIRED (counts as an attempt)',
          },
          {
            target: 'AUTHORIZED',
            reenter: false,
            actions: assign({
              ...accept,
              amount: ({ event }) => ('amount' in event ? event.amount : 0),
              reauthCount: ({ context }) => context.reauthCount + 1,
            }),
            description: 'The merchant reauthorises a lower amount',
          },
        ],
        'merchant.refund': refuse('UNACCEPTABLE_OP'),
        'merchant.cancelRequest': refuse('INVALID_REQUEST_ORDER_STATE'),
        'user.paid': refuse('DYNAMIC_QR_ALREADY_PAID'),
        'code.deleted': refuse('DYNAMIC_QR_ALREADY_PAID'),
      },
    },
    COMPLETED: {
      description: 'COMPLETED: paid; the merchant may cancel until 00:14:59 JST the next day, or refund.',
      tags: ['status.COMPLETED'],
      on: {
        'time.passed': {
          guard: 'isAutoCancelDue',
          target: 'FAILED',
          actions: assign(accept),
          description: 'Spec §4: a paid test QR payment cancels itself a minute later (unless switched off in Settings)',
        },
        'merchant.cancel': [
          { guard: 'isWithinCancelWindow', target: 'FAILED', actions: assign(accept), description: 'The merchant cancels within the cancel window' },
          refuse('ORDER_NOT_REVERSIBLE'),
        ],
        'merchant.refund': [
          refuse('INVALID_PARAMS', 'isRefundAmountInvalid'),
          refuse('REFUND_WINDOW_EXCEED', 'isRefundWindowPassed'),
          { target: 'REFUNDED', actions: assign(accept), description: 'The merchant refunds (amount within the paid amount, inside the refund window)' },
        ],
        'merchant.capture': refuse('ALREADY_CAPTURED'),
        'user.confirmedCapture': refuse('ALREADY_CAPTURED'),
        'merchant.revert': refuse('ORDER_NOT_CANCELABLE'),
        'merchant.reauthorize': refuse('REAUTHORIZE_REJECTED'),
        'merchant.cancelRequest': refuse('INVALID_REQUEST_ORDER_STATE'),
        'user.paid': refuse('DYNAMIC_QR_ALREADY_PAID'),
        'code.deleted': refuse('DYNAMIC_QR_ALREADY_PAID'),
      },
    },
    REFUNDED: settled('REFUNDED', 'REFUNDED: the payment was given back; final.', {
      refund: 'MERCHANT_MULTIPLE_REFUND_REJECTED',
      capture: 'ALREADY_CAPTURED',
      pay: 'DYNAMIC_QR_ALREADY_PAID',
      deleteCode: 'DYNAMIC_QR_ALREADY_PAID',
    }),
    FAILED: settled('FAILED', 'FAILED: canceled by the merchant, or the code expired or was deleted unpaid; final.', {
      refund: 'UNACCEPTABLE_OP',
      capture: 'ORDER_NOT_CAPTURABLE',
      pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND',
      deleteCode: 'DYNAMIC_QR_NOT_FOUND',
    }),
    CANCELED: settled('CANCELED', 'CANCELED: the authorisation was reverted or the request order deleted; final.', {
      refund: 'UNACCEPTABLE_OP',
      capture: 'ORDER_NOT_CAPTURABLE',
      pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND',
      deleteCode: 'DYNAMIC_QR_NOT_FOUND',
    }),
    EXPIRED: settled('EXPIRED', 'EXPIRED: the authorisation ran out uncaptured; final.', {
      refund: 'UNACCEPTABLE_OP',
      capture: 'ORDER_EXPIRED',
      pay: 'DYNAMIC_QR_PAYMENT_NOT_FOUND',
      deleteCode: 'DYNAMIC_QR_NOT_FOUND',
    }),
  },
})

/** The statuses the machine can be in (its state values). */
export const paymentStatuses: readonly PaymentStatus[] = ['CREATED', 'AUTHORIZED', 'COMPLETED', 'REFUNDED', 'FAILED', 'CANCELED', 'EXPIRED']
