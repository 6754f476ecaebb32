/**
 * The argument shapes the OPA routes (src/server/sandbox/opa.ts) pass today — amounts in yen, the fields an order
 * keeps gathered in `order`, cashback extras in `request` — turned back into the validated request bodies the
 * commands take. Transitional: when the routes hand `c.req.valid('json')` to the commands, this file goes.
 */
import { money } from '../views.ts'
import type { GiveCashbackInput, ReverseCashbackInput } from './cashback.ts'
import type { CreateCodeInput } from './codes.ts'
import type { CreatePaymentInput, PreauthorizeInput } from './payments.ts'
import type { CaptureInput, ReauthorizeInput } from './preauth.ts'
import type { RefundInput } from './refunds.ts'
import type { CreateRequestOrderInput } from './request-money.ts'

type Yen<T> = Omit<T, 'amount'> & { amount: number }
type Kept = { order: Record<string, unknown> }

export type CodeArgs = Pick<CreateCodeInput, 'merchantPaymentId' | 'authorizationExpiry' | 'requestedAt'> & { amount: number; isAuthorization: boolean } & Kept
export type PaymentArgs = Yen<CreatePaymentInput> & Kept
export type PreauthorizeArgs = Yen<PreauthorizeInput> & Kept
export type RequestOrderArgs = Yen<CreateRequestOrderInput> & Kept
export type RefundArgs = Yen<RefundInput>
export type CaptureArgs = Yen<CaptureInput>
/** The route passes the body with `amount` = `updatedAmount.amount` beside it. */
export type ReauthorizeArgs = Omit<ReauthorizeInput, 'origin'> & { amount?: number }
export type CashbackArgs = Yen<Omit<GiveCashbackInput, 'orderDescription' | 'walletType' | 'expiryDate' | 'metadata'>> & { request: Record<string, unknown> }
export type CashbackReversalArgs = Yen<Omit<ReverseCashbackInput, 'reason' | 'metadata'>> & { request: Record<string, unknown> }

// The kept fields were picked from a body the route validated, so the bodies rebuilt here are valid ones.
export const codeBody = ({ order, amount, ...rest }: CodeArgs) => ({ ...order, ...rest, amount: money(amount), codeType: 'ORDER_QR' }) as CreateCodeInput
export const paymentBody = <T extends PaymentArgs | PreauthorizeArgs | RequestOrderArgs>({ order, amount, ...rest }: T) =>
  ({ ...order, ...rest, amount: money(amount) }) as Omit<T, 'order' | 'amount'> & { amount: ReturnType<typeof money> }
export const yenBody = <T extends { amount: number }>({ amount, ...rest }: T) => ({ ...rest, amount: money(amount) })
export const reauthorizeBody = ({ amount: _sameAsUpdatedAmount, ...body }: ReauthorizeArgs) => body
export const cashbackBody = <T extends CashbackArgs | CashbackReversalArgs>({ request, amount, ...rest }: T) =>
  ({ ...request, ...rest, amount: money(amount) }) as Omit<T, 'request' | 'amount'> & { amount: ReturnType<typeof money> }
