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
  autoCancelAtMs: null,
}

/**
 * How the payment machine is walked (a MachineModel of scripts/statechart-model.ts) by its model-based test and
 * `npm run qa:paths payment`: four kinds of order, and each event at the moments that matter (inside and
 * outside the code expiry, the cancel window, the refund window and the authorisation expiry).
 */
export const paymentModel = {
  machine: paymentMachine,
  inputs: [
    { name: 'instant QR', label: 'Create a 1,000-yen QR code (POST /v2/codes), code valid 5 min', input: base },
    {
      name: 'QR with auto-cancel',
      label: 'A 1,000-yen test QR code whose payment cancels itself 1 min after paying (spec §4; paid at 1 min)',
      input: { ...base, autoCancelAtMs: t0 + 2 * minute },
    },
    {
      name: 'pre-auth',
      label: 'Create a 1,000-yen pre-authorisation QR code (authorisation valid 7 days)',
      input: { ...base, kind: 'PREAUTH', isAuthorization: true, codeExpiresAtMs: null, expiresAtMs: t0 + 7 * day },
    },
    {
      name: 'request order',
      label: 'Send a 1,000-yen request order (POST /v1/requestOrder), valid 1 day',
      input: { ...base, kind: 'REQUEST_ORDER', codeExpiresAtMs: t0 + day },
    },
    {
      name: 'pre-auth after 10 reauthorizations',
      label: 'A paid pre-authorisation already reauthorised 10 times',
      input: { ...base, kind: 'PREAUTH', isAuthorization: true, codeExpiresAtMs: null, expiresAtMs: t0 + 7 * day, reauthCount: 10 },
    },
  ] satisfies { name: string; label: string; input: PaymentInput }[],
  events: [
    { type: 'user.paid', nowMs: t0 + minute, label: 'The user pays in the sandbox wallet 1 min after creation' },
    { type: 'user.paid', nowMs: t0 + 10 * minute, label: 'The user tries to pay 10 min after creation (after the 5-min code expiry)' },
    { type: 'code.deleted', nowMs: t0 + minute, label: 'The merchant deletes the QR code (DELETE /v2/codes/{id}) after 1 min' },
    { type: 'time.passed', nowMs: t0 + 2 * minute, label: '2 min pass (look the order up: GET /v2/codes/payments/{id})' },
    { type: 'time.passed', nowMs: t0 + 8 * day, label: '8 days pass (look the order up)' },
    { type: 'merchant.cancel', nowMs: t0 + 2 * minute, label: 'The merchant cancels (DELETE /v2/payments/{id}) 2 min after creation' },
    { type: 'merchant.cancel', nowMs: t0 + 3 * day, label: 'The merchant cancels 3 days later (after 00:14:59 JST the next day)' },
    { type: 'merchant.cancelRequest', nowMs: t0 + 2 * minute, label: 'The merchant deletes the request order (DELETE /v1/requestOrder/{id})' },
    { type: 'merchant.refund', nowMs: t0 + 2 * minute, amount: 500, label: 'The merchant refunds 500 yen (POST /v2/refunds)' },
    { type: 'merchant.refund', nowMs: t0 + 2 * minute, amount: 5000, label: 'The merchant refunds 5,000 yen (more than paid)' },
    { type: 'merchant.refund', nowMs: t0 + 2 * day, amount: 500, label: 'The merchant refunds 500 yen 2 days later (sandbox refund window passed)' },
    { type: 'merchant.capture', nowMs: t0 + 2 * minute, amount: 800, label: 'The merchant captures 800 yen (POST /v2/payments/capture)' },
    { type: 'merchant.capture', nowMs: t0 + 2 * minute, amount: 2000, label: 'The merchant captures 2,000 yen (more than held)' },
    { type: 'merchant.capture', nowMs: t0 + 8 * day, amount: 800, label: 'The merchant captures 800 yen 8 days later (after the authorisation expiry)' },
    { type: 'user.confirmedCapture', nowMs: t0 + 3 * minute, amount: 2000, label: 'The user confirms the 2,000-yen capture in the wallet' },
    { type: 'user.confirmedCapture', nowMs: t0 + 8 * day, amount: 2000, label: 'The user confirms the 2,000-yen capture 8 days later' },
    { type: 'merchant.revert', nowMs: t0 + 2 * minute, label: 'The merchant reverts the authorisation (POST /v2/payments/preauthorize/revert)' },
    { type: 'merchant.revert', nowMs: t0 + 8 * day, label: 'The merchant reverts 8 days later (after the authorisation expiry)' },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 600, label: 'The merchant reauthorises 600 yen (less than held)' },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 1000, label: 'The merchant reauthorises 1,000 yen (the same amount)' },
    { type: 'merchant.reauthorize', nowMs: t0 + 2 * minute, amount: 2000, label: 'The merchant reauthorises 2,000 yen (more than held)' },
    { type: 'merchant.reauthorize', nowMs: t0 + 8 * day, amount: 600, label: 'The merchant reauthorises 600 yen 8 days later' },
  ],
  simplePaths: false,
  observe: (s: AnyMachineSnapshot) =>
    (s.context as { rejection: string | null }).rejection ? [`refused.${(s.context as { rejection: string }).rejection}`] : [],
  /**
   * What the walk tells apart: the status, the kind of order, the amount and whether the reauthorisation limit
   * is reached. A refusal's code and the exact count are checked on every step by the test, not walked.
   */
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as PaymentInput
    return JSON.stringify([s.value, c.kind, c.amount, c.acceptedAtMs, c.reauthCount >= 10])
  },
  equivalentMutants: {
    'swap the targets of `payment.AUTHORIZED merchant.reauthorize[4]` and `payment.AUTHORIZED merchant.refund`':
      'Both stay AUTHORIZED: the reauthorisation targets AUTHORIZED without re-entering it (the same as no target), and the refused refund with that target stays too; status, answer and context are the same.',
  },
  invariants: [{ name: 'Never more re-authorizations than the limit', holds: (s: AnyMachineSnapshot) => s.context.reauthCount <= 10 }],
}
