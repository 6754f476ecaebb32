import type { AnyMachineSnapshot } from 'xstate'
import { paymentMachine, type PaymentInput } from './payment.machine.ts'

/** A fixed instant: 2026-11-21 12:00 Japan time. */
export const t0 = Date.UTC(2026, 10, 21, 3, 0)
const minute = 60_000
const day = 24 * 60 * minute

const base: PaymentInput = {
  kind: 'QR',
  isAuthorization: false,
  amount: 1000,
  createdAtMs: t0,
  acceptedAtMs: null,
  codeExpiresAtMs: t0 + 5 * minute,
  expiresAtMs: null,
  reauthCount: 0,
}

/**
 * How the payment machine is walked (a MachineModel of scripts/statechart-model.ts) by its model-based test and
 * `npm run qa:paths payment`: four kinds of order, and each event at the moments that matter (inside and
 * outside the code expiry, the cancel window, the refund window and the authorisation expiry).
 */
export const paymentModel = {
  machine: paymentMachine,
  inputs: [
    { name: 'instant QR', input: base },
    { name: 'pre-auth', input: { ...base, kind: 'PREAUTH', isAuthorization: true, codeExpiresAtMs: null, expiresAtMs: t0 + 7 * day } },
    { name: 'request order', input: { ...base, kind: 'REQUEST_ORDER', codeExpiresAtMs: t0 + day } },
    { name: 'pre-auth after 10 reauthorizations', input: { ...base, kind: 'PREAUTH', isAuthorization: true, codeExpiresAtMs: null, expiresAtMs: t0 + 7 * day, reauthCount: 10 } },
  ] satisfies { name: string; input: PaymentInput }[],
  events: [
    { type: 'user.paid', nowMs: t0 + minute },
    { type: 'user.paid', nowMs: t0 + 10 * minute },
    { type: 'code.deleted', nowMs: t0 + minute },
    { type: 'time.passed', nowMs: t0 + 2 * minute },
    { type: 'time.passed', nowMs: t0 + 8 * day },
    { type: 'merchant.cancel', nowMs: t0 + 2 * minute },
    { type: 'merchant.cancel', nowMs: t0 + 3 * day },
    { type: 'merchant.cancelRequest', nowMs: t0 + 2 * minute },
    { type: 'merchant.refund', nowMs: t0 + 2 * minute, amount: 500 },
    { type: 'merchant.refund', nowMs: t0 + 2 * minute, amount: 5000 },
    { type: 'merchant.refund', nowMs: t0 + 2 * day, amount: 500 },
    { type: 'merchant.capture', nowMs: t0 + 2 * minute, amount: 800 },
    { type: 'merchant.capture', nowMs: t0 + 2 * minute, amount: 2000 },
    { type: 'merchant.capture', nowMs: t0 + 8 * day, amount: 800 },
    { type: 'user.confirmedCapture', nowMs: t0 + 3 * minute, amount: 2000 },
    { type: 'user.confirmedCapture', nowMs: t0 + 8 * day, amount: 2000 },
    { type: 'merchant.revert', nowMs: t0 + 2 * minute },
    { type: 'merchant.revert', nowMs: t0 + 8 * day },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 600 },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 1000 },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 2000 },
    { type: 'merchant.reauthorize', nowMs: t0 + 8 * day, amount: 600 },
  ],
  simplePaths: false,
  /**
   * What the walk tells apart: the status, the kind of order, the amount and whether the reauthorisation limit
   * is reached. A refusal's code and the exact count are checked on every step by the test, not walked.
   */
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as PaymentInput
    return JSON.stringify([s.value, c.kind, c.amount, c.acceptedAtMs, c.reauthCount >= 10])
  },
}
