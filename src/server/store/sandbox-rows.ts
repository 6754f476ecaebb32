import type {
  sandboxAuthSessions,
  sandboxCashbackReversals,
  sandboxCashbacks,
  sandboxOperations,
  sandboxPayments,
  sandboxRefunds,
  sandboxTestUsers,
  sandboxUserAuthorizations,
} from './tables/sandbox.ts'

/** The rows the sandbox's repository reads and writes (sandbox-repo.ts), as its callers name them. */
export type TestUserRow = typeof sandboxTestUsers.$inferSelect
export type PaymentRow = typeof sandboxPayments.$inferSelect
export type NewPaymentRow = typeof sandboxPayments.$inferInsert
/** The columns a new QR code's order sets (`insertCodePayment`), each given (null where it has none). */
export type NewCodeRow = Required<
  Pick<
    NewPaymentRow,
    | 'paymentId'
    | 'merchantId'
    | 'merchantPaymentId'
    | 'kind'
    | 'status'
    | 'isAuthorization'
    | 'amount'
    | 'codeId'
    | 'codeExpiresAtMs'
    | 'requestedAt'
    | 'expiresAtMs'
    | 'order'
    | 'createdAtMs'
  >
>
export type RefundRow = typeof sandboxRefunds.$inferSelect
export type OperationRow = typeof sandboxOperations.$inferSelect
export type UserAuthorizationRow = typeof sandboxUserAuthorizations.$inferSelect
export type AuthSessionRow = typeof sandboxAuthSessions.$inferSelect
export type CashbackRow = typeof sandboxCashbacks.$inferSelect
export type CashbackReversalRow = typeof sandboxCashbackReversals.$inferSelect
