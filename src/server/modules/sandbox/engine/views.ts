/**
 * The wire JSON of the sandbox: codes, payments, refunds, captures, user authorizations and cashback, as the
 * provider's published responses shape them (docs/sandbox.md). Pure functions of stored rows; the commands return
 * rows and the adapters (HTTP routes, portal, CLI, MCP) choose the view.
 */
import type { CashbackReversalRow, CashbackRow, PaymentRow, RefundRow, UserAuthorizationRow } from '../../../store/sandbox-repo.ts'

/** Epoch seconds of an instant in milliseconds (undefined stays undefined). */
export const sec = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : Math.floor(ms / 1000))
/** A MoneyAmount (JPY is the only currency). */
export const money = (amount: number) => ({ amount, currency: 'JPY' as const })

/** A field of the order as the merchant sent it (undefined when absent or null). */
export function orderField<T>(row: PaymentRow, key: string): T | undefined {
  const value = row.order[key]
  return value === undefined || value === null ? undefined : (value as T)
}

export function refundView(r: RefundRow, status: 'CREATED' | 'REFUNDED' = r.status === 'CREATED' ? 'CREATED' : 'REFUNDED') {
  return {
    status,
    acceptedAt: sec(r.acceptedAtMs)!,
    merchantRefundId: r.merchantRefundId,
    paymentId: r.paymentId,
    amount: money(r.amount),
    requestedAt: r.requestedAt,
    reason: r.reason ?? null,
  }
}

/** Payment details (GetPaymentDetails / GetCodesPaymentDetails); `withUser` adds userAuthorizationId. */
export function paymentView(row: PaymentRow, refunds: RefundRow[], withUser: boolean) {
  const items = orderField<unknown[]>(row, 'orderItems')
  return {
    paymentId: row.paymentId,
    status: row.status,
    ...(row.acceptedAtMs !== null ? { acceptedAt: sec(row.acceptedAtMs) } : {}),
    refunds: { data: refunds.map((r) => refundView(r)) },
    captures: { data: row.captures },
    revert: row.revert ?? null,
    merchantPaymentId: row.merchantPaymentId,
    ...(withUser && row.userAuthorizationId ? { userAuthorizationId: row.userAuthorizationId } : {}),
    amount: money(row.amount),
    ...(row.requestedAt !== null ? { requestedAt: row.requestedAt } : {}),
    expiresAt: sec(row.expiresAtMs) ?? null,
    canceledAt: sec(row.canceledAtMs) ?? null,
    storeId: orderField<string>(row, 'storeId') ?? null,
    terminalId: orderField<string>(row, 'terminalId') ?? null,
    orderReceiptNumber: orderField<string>(row, 'orderReceiptNumber') ?? null,
    orderDescription: orderField<string>(row, 'orderDescription') ?? null,
    orderItems: items ?? null,
    ...(row.acceptedAtMs !== null ? { paymentMethods: [{ amount: money(row.amount), type: 'WALLET' }] } : {}),
  }
}

/** Capture response (CapturePayment). */
export function captureView(row: PaymentRow) {
  const { refunds: _refunds, revert: _revert, canceledAt: _canceledAt, orderItems, ...rest } = paymentView(row, [], true)
  return {
    ...rest,
    ...(orderItems ? { orderItems } : {}),
    status: 'COMPLETED' as const,
    refunds: null,
    captures: { data: row.captures.filter((c) => c.status === 'COMPLETED') },
    expiresAt: sec(row.expiresAtMs) ?? undefined,
  }
}

export function codeView(row: PaymentRow, origin: string) {
  const o = row.order
  const url = `${origin}/sandbox/cashier/${row.codeId}`
  const items = Array.isArray(o.orderItems)
    ? (o.orderItems as Record<string, unknown>[]).map(({ unitPrice, ...rest }) => ({ ...rest, unit_price: unitPrice }))
    : undefined
  const pick = (key: string) => (o[key] === undefined ? {} : { [key]: o[key] })
  return {
    codeId: row.codeId!,
    url,
    deeplink: `paylab://payment?link_key=${encodeURIComponent(url)}`,
    expiryDate: sec(row.codeExpiresAtMs)!,
    merchantPaymentId: row.merchantPaymentId,
    amount: money(row.amount),
    ...pick('orderDescription'),
    ...(items ? { orderItems: items } : {}),
    codeType: 'ORDER_QR',
    ...pick('storeInfo'),
    ...pick('storeId'),
    ...pick('productType'),
    ...pick('terminalId'),
    ...(row.requestedAt !== null ? { requestedAt: row.requestedAt } : {}),
    ...pick('redirectUrl'),
    ...pick('redirectType'),
    isAuthorization: row.isAuthorization,
    ...(row.isAuthorization ? { authorizationExpiry: sec(row.expiresAtMs) } : {}),
  }
}

export function userAuthorizationView(a: UserAuthorizationRow) {
  return {
    userAuthorizationId: a.userAuthorizationId,
    referenceIds: a.referenceIds,
    status: a.status,
    scopes: a.scopes,
    expireAt: sec(a.expireAtMs)!,
    issuedAt: sec(a.issuedAtMs)!,
  }
}

export function cashbackView(c: CashbackRow) {
  const r = c.request
  return {
    cashbackId: c.cashbackId,
    merchantCashbackId: c.merchantCashbackId,
    userAuthorizationId: c.userAuthorizationId,
    amount: money(c.amount),
    requestedAt: c.requestedAt,
    cashbackStatus: c.status,
    acceptedAt: sec(c.acceptedAtMs)!,
    ...(r.orderDescription !== undefined ? { orderDescription: r.orderDescription } : {}),
    ...(r.walletType !== undefined ? { walletType: r.walletType } : {}),
    ...(r.expiryDate !== undefined ? { expiryDate: r.expiryDate } : {}),
    ...(r.metadata !== undefined ? { metadata: r.metadata } : {}),
  }
}

export function cashbackReversalView(c: CashbackReversalRow) {
  const r = c.request
  return {
    merchantCashbackReversalId: c.merchantCashbackReversalId,
    merchantCashbackId: c.merchantCashbackId,
    amount: money(c.amount),
    requestedAt: c.requestedAt,
    cashbackStatus: c.status,
    acceptedAt: sec(c.acceptedAtMs)!,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    ...(r.metadata !== undefined ? { metadata: r.metadata } : {}),
  }
}
