/**
 * The payment machine applied to stored orders — shared by every command that moves an order. The machine
 * (`machines/payment.machine.ts`) decides each transition: snapshot restored from the row → `getNextSnapshot` →
 * row updated, inside a transaction that locks the order. Balances move with conditional UPDATEs backed by a CHECK
 * (never negative). Time comes only from the context's clock, on the order's merchant clock.
 */
import { getNextSnapshot } from 'xstate'
import { paymentMachine, type PaymentEvent, type PaymentKind, type PaymentStatus } from '@machines/payment.machine.ts'
import { ApiError, isErrorCode } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import type { Db } from '../../../store/db.ts'
import type { PaymentRow, SandboxRepo } from '../../../store/sandbox-repo.ts'
import { enqueueTransactionWebhook } from './webhook-queue.ts'
import { inTx, nowMs, type SandboxCtx } from './context.ts'
import { feedOf, record, type MachineStep } from './inspect-feed.ts'

function restore(row: PaymentRow) {
  return paymentMachine.resolveState({ value: row.status, context: contextOf(row) })
}

function contextOf(row: PaymentRow) {
  return {
    kind: row.kind as PaymentKind,
    isAuthorization: row.isAuthorization,
    amount: row.amount,
    createdAtMs: row.createdAtMs,
    acceptedAtMs: row.acceptedAtMs,
    codeExpiresAtMs: row.codeExpiresAtMs,
    expiresAtMs: row.expiresAtMs,
    reauthCount: row.reauthCount,
    autoCancelAtMs: row.autoCancelAtMs,
    rejection: null,
  }
}

/** An order's step as the inspector gets it (inspect-feed.ts); `from` absent: the order was just created. */
function paymentStep(row: PaymentRow, event: PaymentEvent | null, from?: PaymentRow): MachineStep {
  return {
    merchantId: row.merchantId,
    machine: 'payment',
    sessionId: `payment:${row.paymentId}`,
    name: `payment:${row.merchantPaymentId}`,
    event,
    ...(from ? { from: { value: from.status, context: { ...contextOf(from) } } } : {}),
    snapshot: { value: row.status, context: { ...contextOf(row) } },
  }
}

/** A new order (CREATED) in the transaction `t`: the inspector sees it start when the transaction commits. */
export const orderCreated = (t: Db, row: PaymentRow) => record(t, paymentStep(row, null))

/** A new order stored on its own (one statement, already committed: create-code's grouped insert). */
export const orderCreatedAlone = async (ctx: SandboxCtx, row: PaymentRow) => {
  const feed = feedOf(ctx.db)
  if (feed?.isWatched(row.merchantId)) await feed.published([paymentStep(row, null)])
}

type TimeGuard = (args: { context: ReturnType<typeof contextOf>; event: PaymentEvent }) => boolean
/**
 * For each status, the guards of its `time.passed` transitions, read from the machine itself (issue 22: a read of
 * an order runs the machine only when time may move it). Undefined for a status whose transitions are not all plain
 * named guards (or that has eventless ones): that status always runs the machine.
 */
const timeGuards = new Map<string, TimeGuard[] | undefined>()
function timeGuardsOf(status: string): TimeGuard[] | undefined {
  if (timeGuards.has(status)) return timeGuards.get(status)
  const root = paymentMachine.root
  const node = root.states[status]
  const implementations = paymentMachine.implementations.guards as Record<string, unknown>
  const transitions = [...(node?.transitions.get('time.passed') ?? []), ...(root.transitions.get('time.passed') ?? [])]
  const guards = transitions.map((t) => (typeof t.guard === 'string' ? implementations[t.guard] : undefined))
  const plain = node && !node.always?.length && !root.always?.length && Object.keys(node.states).length === 0
  const found = plain && guards.every((g) => typeof g === 'function') ? (guards as TimeGuard[]) : undefined
  timeGuards.set(status, found)
  return found
}

/** Whether `time.passed` at `nowMs` leaves the order as it is, without running the machine when its guards say so. */
function timeLeavesAsIs(row: PaymentRow, event: { type: 'time.passed'; nowMs: number }): boolean {
  const guards = timeGuardsOf(row.status)
  if (guards) {
    const context = contextOf(row)
    return !guards.some((guard) => guard({ context, event }))
  }
  return decide(row, event).status === row.status
}

/** What the machine says to an event: the next status and context, or the published code that refuses it. */
export function decide(row: PaymentRow, event: PaymentEvent) {
  const next = getNextSnapshot(paymentMachine, restore(row), event)
  return { status: next.value as PaymentStatus, context: next.context, rejection: next.context.rejection }
}

/** The error for a refusal the machine named; codes whose codeId differs by endpoint get theirs here. */
function rejection(code: string) {
  // the machine names its refusals as strings: one outside the catalogue is a fault of the machine (logged, answered 500)
  if (!isErrorCode(code)) throw new Error(`payment machine refused with ${JSON.stringify(code)}, not a code of the error catalogue`)
  if (code === 'INVALID_PARAMS') return new ApiError('INVALID_PARAMS', { codeId: opaCodeIds.refundInvalidAmount, message: 'Invalid refund amount' })
  return new ApiError(code)
}

/**
 * Applies one event to a locked order: the machine decides, the money moves to match, the row is stored and its
 * webhook queued. A refusal throws its published code (nothing is changed).
 */
export async function apply(r: SandboxRepo, row: PaymentRow, event: PaymentEvent, extra: Partial<PaymentRow> = {}, webhookFields: Record<string, string> = {}) {
  const d = decide(row, event)
  if (d.rejection) throw rejection(d.rejection)
  if (d.status === row.status && d.context.amount === row.amount && d.context.reauthCount === row.reauthCount && !Object.keys(extra).length) return row
  let held = row.heldAmount
  const release = async (amount: number) => {
    if (amount > 0 && row.testUserId) await r.credit(row.testUserId, amount)
    held -= amount
  }
  if (row.status === 'CREATED' && (d.status === 'COMPLETED' || d.status === 'AUTHORIZED')) {
    const payer = extra.testUserId ?? row.testUserId
    if (!payer) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
    if (!(await r.debit(payer, row.amount))) throw new ApiError('NO_SUFFICIENT_FUND')
    held = row.amount
  } else if (d.status === 'FAILED' || d.status === 'CANCELED' || d.status === 'EXPIRED') {
    await release(held)
  } else if (row.status === 'AUTHORIZED' && (d.status === 'COMPLETED' || d.status === 'AUTHORIZED')) {
    if (d.context.amount > held) {
      // the user confirmed a capture above the authorised amount: the rest comes from the balance now
      if (!row.testUserId || !(await r.debit(row.testUserId, d.context.amount - held))) throw new ApiError('NO_SUFFICIENT_FUND')
      held = d.context.amount
    } else {
      // capture or lower reauthorisation: unblock what is no longer authorised
      await release(held - d.context.amount)
    }
  } else if (row.status === 'COMPLETED' && d.status === 'REFUNDED' && event.type === 'merchant.refund') {
    await release(event.amount)
  }
  const updated = await r.updatePayment(row.paymentId, {
    ...extra,
    status: d.status,
    amount: d.context.amount,
    heldAmount: held,
    acceptedAtMs: d.context.acceptedAtMs,
    reauthCount: d.context.reauthCount,
    ...(d.status === 'FAILED' && row.status !== 'FAILED' ? { canceledAtMs: event.nowMs } : {}),
  })
  // the order's step before its webhook's first, as they happened (published when the transaction commits)
  record(r.db, paymentStep(updated, event, row))
  await enqueueTransactionWebhook(r.db, row, updated, event.nowMs, webhookFields)
  return updated
}

/** Lazy expiry: applies `time.passed` when the machine says time has moved the order on. */
export async function refresh(ctx: SandboxCtx, row: PaymentRow): Promise<PaymentRow> {
  const event = { type: 'time.passed' as const, nowMs: nowMs(ctx, row.merchantId) }
  if (timeLeavesAsIs(row, event)) return row
  return inTx(ctx, row.merchantId, async (r) => {
    const locked = await r.findPaymentById(row.paymentId, true)
    if (!locked) return row
    const d = decide(locked, { ...event, nowMs: nowMs(ctx, row.merchantId) })
    return d.status === locked.status ? locked : apply(r, locked, { ...event, nowMs: nowMs(ctx, row.merchantId) })
  })
}

/** The error of an order read before a transaction and gone inside it (a reset ran between them, issue 33). */
export const orderGone = (): Error => new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })

/** Locks an order and brings it up to date (inside the caller's transaction); `gone()` is thrown when it is gone. */
export async function refreshLocked(ctx: SandboxCtx, r: SandboxRepo, row: Pick<PaymentRow, 'paymentId' | 'merchantId'>, gone = orderGone) {
  const locked = await r.findPaymentById(row.paymentId, true)
  if (!locked) throw gone()
  const tick = { type: 'time.passed' as const, nowMs: nowMs(ctx, row.merchantId) }
  return decide(locked, tick).status !== locked.status ? apply(r, locked, tick) : locked
}

/**
 * Locks an order, brings it up to date at the event's instant, then applies `event`. The order is read again under
 * the lock: `gone()` is thrown when it is gone (a reset ran since the caller read it).
 */
export async function lockedApply(r: SandboxRepo, row: PaymentRow, event: PaymentEvent, extra: Partial<PaymentRow> = {}, gone = orderGone) {
  let locked = await r.findPaymentById(row.paymentId, true)
  if (!locked) throw gone()
  const tick = { type: 'time.passed' as const, nowMs: event.nowMs }
  if (decide(locked, tick).status !== locked.status) locked = await apply(r, locked, tick)
  return apply(r, locked, event, extra)
}

/** The fields of a validated request an order keeps (`row.order`), as the views and the wallet read them back. */
export function orderOf<K extends string>(input: { [P in K]?: unknown }, keys: readonly K[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]))
}

/** What a payment created from a linked user keeps of its request (native, pre-auth, continuous, request money). */
export const paymentOrderKeys = ['storeId', 'terminalId', 'orderReceiptNumber', 'orderDescription', 'orderItems', 'metadata', 'productType'] as const

/**
 * An idempotency key's first result, if it was for the same payment. The key reused for another payment is
 * refused with INVALID_PARAMS (the endpoint's codeId) naming the field: the published API has no other code
 * for it, and answering the other payment's result would hide the merchant's bug.
 */
export function sameTarget<T extends { paymentId: string }>(first: T, paymentId: string | undefined, field: string, codeId?: string): T {
  if (first.paymentId === paymentId) return first
  throw new ApiError('INVALID_PARAMS', {
    ...(codeId ? { codeId } : {}),
    data: { issues: [{ path: field, message: `This ${field} was already used for another payment` }] },
  })
}

export type { PaymentStatus }
