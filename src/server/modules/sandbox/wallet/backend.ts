/**
 * What the simulated wallet needs from the sandbox: read a code and its order, pay or cancel it as a test
 * user, decide a consent session, list and top up test users. The wallet pages only talk to this seam;
 * `wallet-engine.ts` implements it on the sandbox engine.
 */
export interface WalletTestUser {
  id: string
  merchantId: string
  username: string
  balance: number
  /** `YYYY-MM` (Japan time) of the last top-up, or null. */
  lastTopUpMonth: string | null
}

export type CodeState =
  /** Waiting to be paid. */
  | 'OPEN'
  /** Paid (instant) or authorised (pre-auth), refunded, or canceled after payment: `paymentStatus` says which. */
  | 'PAID'
  | 'EXPIRED'
  | 'DELETED'
  /** The merchant canceled it, or the payer pressed Cancel, before it was paid. */
  | 'CANCELED'

export interface WalletCode {
  codeId: string
  merchantId: string
  merchantName: string
  merchantPaymentId: string
  paymentId: string
  state: CodeState
  /** The order's status in the published enum (CREATED, COMPLETED, AUTHORIZED, REFUNDED, FAILED …). */
  paymentStatus: string
  amount: number
  orderDescription: string | null
  orderItems: { name: string; quantity: number; unitPrice: number | null }[]
  /** Epoch seconds. */
  expiresAt: number | null
  isAuthorization: boolean
  redirectUrl: string | null
  redirectType: 'WEB_LINK' | 'APP_DEEP_LINK' | null
  /** The test user who paid it, if any. */
  paidByTestUserId: string | null
}

export interface WalletAuthSession {
  sessionId: string
  merchantId: string
  merchantName: string
  scopes: string[]
  /** PENDING | APPROVED | DENIED | EXPIRED */
  state: 'PENDING' | 'APPROVED' | 'DENIED' | 'EXPIRED'
}

/** A pre-authorised payment's request for a higher amount, waiting for the payer (reauthorize 201). */
export interface WalletReauthorization {
  paymentId: string
  requestId: string
  merchantId: string
  merchantName: string
  merchantPaymentId: string
  currentAmount: number
  newAmount: number
  payerTestUserId: string | null
  state: 'PENDING' | 'APPROVED' | 'EXPIRED'
}

export interface WalletBackend {
  findCode(codeId: string): Promise<WalletCode | undefined>
  merchantName(merchantId: string): Promise<string | undefined>
  testUsers(merchantId: string): Promise<WalletTestUser[]>
  findTestUser(testUserId: string): Promise<WalletTestUser | undefined>
  /** Pays (or authorises) the code from the test user's balance; throws ApiError (NO_SUFFICIENT_FUND …). */
  payCode(codeId: string, testUserId: string): Promise<void>
  /** The payer pressed Cancel on the cashier page. */
  cancelCode(codeId: string): Promise<void>
  findAuthSession(sessionId: string): Promise<WalletAuthSession | undefined>
  /** Returns where the browser goes next (the merchant's redirectUrl with a responseToken). */
  approveAuthSession(sessionId: string, testUserId: string): Promise<string>
  denyAuthSession(sessionId: string): Promise<string>
  findReauthorization(paymentId: string, requestId: string): Promise<WalletReauthorization | undefined>
  /** The payer approves the higher amount (the difference is blocked too); throws NO_SUFFICIENT_FUND … */
  approveReauthorization(paymentId: string, requestId: string): Promise<void>
  /** Adds `amount` to the balance; throws ApiError when the user already topped up this month. */
  topUp(testUserId: string, amount: number): Promise<WalletTestUser>
  /** `YYYY-MM` of now, Japan time (the month a top-up counts for). */
  currentMonth(merchantId: string): string
}
