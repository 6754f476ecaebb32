import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { cancelDeadlineMs, type PaymentContext } from './payment.machine.ts'
import { paymentModel, t0 } from './payment.machine.model.ts'

/**
 * Every path of the payment machine on the real actor. The oracle is written from spec §4/§9 and the
 * provider's published status transitions, independently of the machine: after each step the state must be
 * what those rules say for the state before it and the event.
 */
const jstParts = (ms: number) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return { y: get('year'), m: get('month'), d: get('day') }
}
/** spec §4: cancel allowed until 00:14:59 Japan time on the day after the payment. */
const canCancelAt = (acceptedAtMs: number, nowMs: number) => {
  const { y, m, d } = jstParts(acceptedAtMs)
  const lastMoment = Date.UTC(y, m - 1, d + 1, 0, 14, 59, 999) - 9 * 3_600_000
  return nowMs <= lastMoment
}
const refundWindowMs = 24 * 3_600_000 // spec §9: refund within 24 hours

function expected(before: { value: string; context: PaymentContext }, event: Record<string, any>): { status: string; rejection?: string } {
  const c = before.context
  const now = event.nowMs as number
  const codeExpired = c.codeExpiresAtMs !== null && now >= c.codeExpiresAtMs
  const authExpired = c.expiresAtMs !== null && now >= c.expiresAtMs
  switch (before.value) {
    case 'CREATED':
      if (event.type === 'user.paid')
        return codeExpired ? { status: 'CREATED', rejection: 'DYNAMIC_QR_PAYMENT_NOT_FOUND' } : { status: c.isAuthorization ? 'AUTHORIZED' : 'COMPLETED' }
      if (event.type === 'code.deleted' || event.type === 'merchant.cancel') return { status: 'FAILED' }
      if (event.type === 'time.passed') return { status: codeExpired ? 'FAILED' : 'CREATED' }
      if (event.type === 'merchant.cancelRequest')
        return c.kind === 'REQUEST_ORDER' ? { status: 'CANCELED' } : { status: 'CREATED', rejection: 'INVALID_REQUEST_ORDER_STATE' } // only a request order
      return { status: 'CREATED' }
    case 'AUTHORIZED':
      if (event.type === 'time.passed') return { status: authExpired ? 'EXPIRED' : 'AUTHORIZED' }
      if (event.type === 'merchant.capture') {
        if (authExpired) return { status: 'AUTHORIZED', rejection: 'ORDER_EXPIRED' }
        if (event.amount > c.amount) return { status: 'AUTHORIZED', rejection: 'USER_CONFIRMATION_REQUIRED' }
        return { status: 'COMPLETED' }
      }
      if (event.type === 'user.confirmedCapture') return authExpired ? { status: 'AUTHORIZED', rejection: 'ORDER_EXPIRED' } : { status: 'COMPLETED' }
      if (event.type === 'merchant.revert') return authExpired ? { status: 'AUTHORIZED', rejection: 'ORDER_NOT_CANCELABLE' } : { status: 'CANCELED' }
      if (event.type === 'merchant.cancel') return { status: 'FAILED' }
      if (event.type === 'merchant.reauthorize' && authExpired) return { status: 'AUTHORIZED', rejection: 'REAUTHORIZE_REJECTED' } // nothing left to reauthorise
      if (event.type === 'merchant.reauthorize' && !authExpired && c.reauthCount >= 10) return { status: 'AUTHORIZED', rejection: 'REAUTH_MAX_LIMIT_EXCEEDED' }
      return { status: 'AUTHORIZED' }
    case 'COMPLETED':
      if (event.type === 'time.passed') return { status: c.autoCancelAtMs !== null && now >= c.autoCancelAtMs ? 'FAILED' : 'COMPLETED' }
      if (event.type === 'merchant.cancel')
        return canCancelAt(c.acceptedAtMs!, now) ? { status: 'FAILED' } : { status: 'COMPLETED', rejection: 'ORDER_NOT_REVERSIBLE' }
      if (event.type === 'merchant.refund') {
        if (event.amount <= 0 || event.amount > c.amount) return { status: 'COMPLETED', rejection: 'INVALID_PARAMS' }
        if (now >= c.acceptedAtMs! + refundWindowMs) return { status: 'COMPLETED', rejection: 'REFUND_WINDOW_EXCEED' }
        return { status: 'REFUNDED' }
      }
      return { status: 'COMPLETED' }
    case 'REFUNDED':
      if (event.type === 'user.confirmedCapture') return { status: 'REFUNDED', rejection: 'ALREADY_CAPTURED' }
      if (event.type === 'merchant.refund') return { status: 'REFUNDED', rejection: 'MERCHANT_MULTIPLE_REFUND_REJECTED' }
      return { status: 'REFUNDED' }
    default:
      return { status: before.value }
  }
}

let before: AnyMachineSnapshot | undefined

testMachinePaths('payment', {
  ...paymentModel,
  // The flow's transitions (docs/statecharts/payment.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: {
      'instant QR': 'CREATED',
      'QR with auto-cancel': 'CREATED',
      'pre-auth': 'CREATED',
      'request order': 'CREATED',
      'pre-auth after 10 reauthorizations': 'CREATED',
    },
    transitions: {
      CREATED: {
        'user.paid': ['COMPLETED', 'CREATED', 'AUTHORIZED'],
        'code.deleted': 'FAILED',
        'time.passed': ['CREATED', 'FAILED'],
        'merchant.cancel': 'FAILED',
        'merchant.cancelRequest': ['CREATED', 'CANCELED'],
        'merchant.refund': 'CREATED',
        'merchant.capture': 'CREATED',
        'user.confirmedCapture': 'CREATED',
        'merchant.revert': 'CREATED',
        'merchant.reauthorize': 'CREATED',
      },
      COMPLETED: {
        'time.passed': ['COMPLETED', 'FAILED'],
        'merchant.cancel': ['FAILED', 'COMPLETED'],
        'merchant.refund': ['REFUNDED', 'COMPLETED'],
        'merchant.capture': 'COMPLETED',
        'user.confirmedCapture': 'COMPLETED',
        'merchant.revert': 'COMPLETED',
        'merchant.reauthorize': 'COMPLETED',
        'merchant.cancelRequest': 'COMPLETED',
        'user.paid': 'COMPLETED',
        'code.deleted': 'COMPLETED',
      },
      FAILED: {
        'merchant.cancel': 'FAILED',
        'merchant.refund': 'FAILED',
        'merchant.capture': 'FAILED',
        'user.confirmedCapture': 'FAILED',
        'merchant.revert': 'FAILED',
        'merchant.reauthorize': 'FAILED',
        'merchant.cancelRequest': 'FAILED',
        'user.paid': 'FAILED',
        'code.deleted': 'FAILED',
      },
      REFUNDED: {
        'merchant.cancel': 'REFUNDED',
        'merchant.refund': 'REFUNDED',
        'merchant.capture': 'REFUNDED',
        'user.confirmedCapture': 'REFUNDED',
        'merchant.revert': 'REFUNDED',
        'merchant.reauthorize': 'REFUNDED',
        'merchant.cancelRequest': 'REFUNDED',
        'user.paid': 'REFUNDED',
        'code.deleted': 'REFUNDED',
      },
      AUTHORIZED: {
        'time.passed': ['AUTHORIZED', 'EXPIRED'],
        'merchant.capture': ['COMPLETED', 'AUTHORIZED'],
        'user.confirmedCapture': ['COMPLETED', 'AUTHORIZED'],
        'merchant.revert': ['CANCELED', 'AUTHORIZED'],
        'merchant.cancel': 'FAILED',
        'merchant.reauthorize': 'AUTHORIZED',
        'merchant.refund': 'AUTHORIZED',
        'merchant.cancelRequest': 'AUTHORIZED',
        'user.paid': 'AUTHORIZED',
        'code.deleted': 'AUTHORIZED',
      },
      EXPIRED: {
        'merchant.cancel': 'EXPIRED',
        'merchant.refund': 'EXPIRED',
        'merchant.capture': 'EXPIRED',
        'user.confirmedCapture': 'EXPIRED',
        'merchant.revert': 'EXPIRED',
        'merchant.reauthorize': 'EXPIRED',
        'merchant.cancelRequest': 'EXPIRED',
        'user.paid': 'EXPIRED',
        'code.deleted': 'EXPIRED',
      },
      CANCELED: {
        'merchant.cancel': 'CANCELED',
        'merchant.refund': 'CANCELED',
        'merchant.capture': 'CANCELED',
        'user.confirmedCapture': 'CANCELED',
        'merchant.revert': 'CANCELED',
        'merchant.reauthorize': 'CANCELED',
        'merchant.cancelRequest': 'CANCELED',
        'user.paid': 'CANCELED',
        'code.deleted': 'CANCELED',
      },
    },
  },
  // the walk merges states that differ only in a refusal code or reauthCount (see the model): context is checked here
  compareContext: false,
  check: (actual, step) => {
    if (step.event.type === 'start') {
      expect(actual.value).toBe('CREATED')
    } else {
      const want = expected({ value: String(before!.value), context: before!.context as PaymentContext }, step.event)
      expect(actual.value, `${String(before!.value)} on ${step.event.type}`).toBe(want.status)
      if (want.rejection) expect(actual.context.rejection).toBe(want.rejection)
      if (want.status !== before!.value) expect(actual.context.rejection).toBeNull()
      const ctx = actual.context as PaymentContext
      const prev = before!.context as PaymentContext
      if (step.event.type === 'user.paid' && before!.value === 'CREATED' && want.status !== 'CREATED') expect(ctx.acceptedAtMs).toBe(step.event.nowMs)
      if (
        (step.event.type === 'merchant.capture' || step.event.type === 'user.confirmedCapture') &&
        before!.value === 'AUTHORIZED' &&
        want.status === 'COMPLETED'
      )
        expect(ctx.amount).toBe(step.event.amount)
      if (
        step.event.type === 'merchant.reauthorize' &&
        before!.value === 'AUTHORIZED' &&
        ctx.expiresAtMs! > Number(step.event.nowMs) &&
        prev.reauthCount < 10
      ) {
        // published: lower → done; same → REAUTH_AMOUNT_UNCHANGED; higher → the user must confirm (an attempt all the same)
        const amount = Number(step.event.amount)
        if (amount === prev.amount) expect([ctx.rejection, ctx.reauthCount]).toEqual(['REAUTH_AMOUNT_UNCHANGED', prev.reauthCount])
        else if (amount > prev.amount)
          expect([ctx.rejection, ctx.amount, ctx.reauthCount]).toEqual(['USER_CONFIRMATION_REQUIRED', prev.amount, prev.reauthCount + 1])
        else expect([ctx.rejection, ctx.amount, ctx.reauthCount]).toEqual([null, amount, prev.reauthCount + 1])
      }
    }
    before = actual
  },
})

describe('cancel deadline (spec §4: 00:14:59 Japan time the next day)', () => {
  const jst = (y: number, m: number, d: number, h: number, min: number) => Date.UTC(y, m - 1, d, h - 9, min)
  it.each([
    ['late evening', jst(2026, 11, 21, 23, 59), jst(2026, 11, 22, 0, 15)],
    ['just after midnight', jst(2026, 11, 22, 0, 1), jst(2026, 11, 23, 0, 15)],
    ['inside the previous window', jst(2026, 11, 22, 0, 14), jst(2026, 11, 23, 0, 15)],
    ['UTC afternoon is the next Japan day', Date.UTC(2026, 10, 21, 16, 0), jst(2026, 11, 23, 0, 15)],
  ])('a payment in the %s can be cancelled until 00:14:59 the next Japan day', (_, paidAt, firstRefused) => {
    expect(cancelDeadlineMs(paidAt)).toBe(firstRefused)
    expect(canCancelAt(paidAt, firstRefused - 1)).toBe(true)
    expect(canCancelAt(paidAt, firstRefused)).toBe(false)
  })
  it('uses the model clock', () => expect(new Date(t0).toISOString()).toBe('2026-11-21T03:00:00.000Z'))
})
