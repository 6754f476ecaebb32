import { fromPromise } from 'xstate'
import * as v from 'valibot'
import { demoApiPaths as P } from '@/domain/demo-api.ts'
import { demoMerchantPaymentId, type CakeId } from '@/domain/checkout-demo.ts'
import { limits } from '@/domain/limits.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { envelope, http, HttpError } from '@/web/lib/http.ts'
import type { CreatePaymentFailure, CreatePaymentOutput, SaveTokenOutput } from '@machines/checkout-direct-debit.machine.ts'
import type { CreateCheckoutInput, CreateCheckoutOutput, GiveCashbackInput } from '@machines/checkout-qr.machine.ts'
import type { PaymentStatusOutput } from '@machines/checkout.ts'
import { checkoutPollMachine } from '@machines/checkout-poll.machine.ts'

/**
 * The cake shop's requests (spec §7 demo API, docs/demo-api.md): the actors the checkout machines name, made
 * with the portal's one HTTP client (short timeout, spec §7 "short used for demo calls"). Every answer is parsed
 * with valibot. One instance per shop, because deleting a QR code needs the code id of the merchant payment id.
 */

const cakeTitles: Record<CakeId, string> = { strawberry: 'Strawberry shortcake', chocolate: 'Chocolate cake', matcha: 'Matcha roll' }

const codeData = v.object({ codeId: v.string(), url: v.string(), merchantPaymentId: v.string() })
const statusData = v.object({ status: v.string(), paymentId: v.optional(v.string()) })
const urlData = v.object({ url: v.string() })
const linkData = v.object({ userAuthorizationId: v.string(), phoneNumber: v.string() })
const anyData = v.unknown()

const randomId = () => crypto.randomUUID().replaceAll('-', '')
const nowSeconds = () => Math.floor(Date.now() / 1000)
const money = (amount: number) => ({ amount, currency: limits.currency })
const short = { timeout: 'short' as const }

/** The saved direct-debit link of an earlier visit (straight to the Debit screen, spec §4). */
export function savedLink(): { userAuthorizationId: string; phoneNumber: string } | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKeys.checkoutLink)
    const parsed = raw ? v.safeParse(linkData, JSON.parse(raw)) : null
    return parsed?.success ? parsed.output : null
  } catch {
    return null
  }
}
export function forgetLink() {
  globalThis.localStorage?.removeItem(storageKeys.checkoutLink)
}

/**
 * `cakeName` names a cake in the order the wallet's cashier shows (the shop passes the name in the UI's language:
 * いちごのショートケーキ in Japanese, issue 20); without it the English name is sent.
 */
export function checkoutActors(cakeName: (cake: CakeId) => string = (cake) => cakeTitles[cake]) {
  const codeIds = new Map<string, string>()

  const paymentStatus = (merchantPaymentId: string) => http.get(envelope(statusData), `${P.qrDetail}/${encodeURIComponent(merchantPaymentId)}`, short)

  const getPaymentStatus = fromPromise<PaymentStatusOutput, { merchantPaymentId: string }>(async ({ input }) => ({
    status: (await paymentStatus(input.merchantPaymentId)).data.status,
  }))

  return {
    /** Both machines' wait for the payment (checkout-poll), looking at the payment with the demo API. */
    checkoutPoll: checkoutPollMachine.provide({ actors: { getPaymentStatus } }),
    /**
     * QR machine: create the code of one cake; for cashback, the wallet's consent page (cashback scope) for the frame,
     * and the demo id the cashback will be given with.
     */
    createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async ({ input }) => {
      const merchantPaymentId = demoMerchantPaymentId(randomId())
      if (input.kind === 'cashback') {
        const consent = await http.post(envelope(urlData), P.login, { ...short, body: { scopes: ['cashback'] } })
        return { url: consent.data.url, merchantPaymentId }
      }
      const answer = await http.post(envelope(v.nullable(codeData)), P.createQr, {
        ...short,
        body: {
          merchantPaymentId,
          amount: money(input.amount),
          codeType: 'ORDER_QR',
          requestedAt: nowSeconds(),
          orderDescription: cakeName(input.cake),
          orderItems: [{ name: cakeName(input.cake), quantity: 1, unitPrice: money(input.amount) }],
        },
      })
      if (answer.data) codeIds.set(merchantPaymentId, answer.data.codeId)
      return { url: answer.data?.url ?? null, merchantPaymentId }
    }),
    /** QR machine, cashback: the consent's token names the test user; the cashback goes to them (spec §3 Cashback payload). */
    giveCashback: fromPromise<void, GiveCashbackInput>(async ({ input }) => {
      const linked = await http.post(envelope(linkData), P.parseJwt, { ...short, body: { responseToken: input.responseToken } })
      await http.post(envelope(anyData), P.cashback, {
        ...short,
        body: {
          merchantCashbackId: input.merchantCashbackId,
          userAuthorizationId: linked.data.userAuthorizationId,
          amount: money(input.amount),
          requestedAt: nowSeconds(),
          orderDescription: 'PayLab cake shop: cashback',
        },
      })
    }),
    /** QR machine: delete the unpaid code (the timeout's cancel, and Cancel beside the code). */
    cancelCode: fromPromise<void, { merchantPaymentId: string }>(async ({ input }) => {
      const codeId = codeIds.get(input.merchantPaymentId)
      if (codeId) await http.delete(envelope(anyData), `${P.deleteQr}/${encodeURIComponent(codeId)}`, short)
    }),
    getAuthorizationUrl: fromPromise<{ url: string }, void>(async () => {
      const answer = await http.post(envelope(urlData), P.login, { ...short, body: { scopes: ['direct_debit'] } })
      return { url: answer.data.url }
    }),
    saveResponseToken: fromPromise<SaveTokenOutput, { responseToken: string }>(async ({ input }) => {
      const answer = await http.post(envelope(linkData), P.parseJwt, { ...short, body: { responseToken: input.responseToken } })
      globalThis.localStorage?.setItem(storageKeys.checkoutLink, JSON.stringify(answer.data))
      return answer.data
    }),
    createPayment: fromPromise<CreatePaymentOutput, { userAuthorizationId: string; amount: number }>(async ({ input }) => {
      const merchantPaymentId = demoMerchantPaymentId(randomId())
      try {
        await http.post(envelope(anyData), P.pay, {
          ...short,
          query: { agreeSimilarTransaction: 'true' },
          body: {
            merchantPaymentId,
            userAuthorizationId: input.userAuthorizationId,
            amount: money(input.amount),
            requestedAt: nowSeconds(),
            orderDescription: 'PayLab cake shop',
          },
        })
      } catch (error) {
        // a link the sandbox no longer knows is forgotten, so the next visit links again
        if (error instanceof HttpError && /USER_AUTHORIZATION/.test(error.code)) forgetLink()
        const failure: CreatePaymentFailure = { timedOut: error instanceof HttpError && error.timedOut, merchantPaymentId }
        throw failure
      }
      return { merchantPaymentId }
    }),
    cancelPayment: fromPromise<void, { merchantPaymentId: string }>(async ({ input }) => {
      await http.delete(envelope(anyData), `${P.cancel}/${encodeURIComponent(input.merchantPaymentId)}`, short)
    }),
    refundPayment: fromPromise<void, { merchantPaymentId: string; amount: number }>(async ({ input }) => {
      const { data } = await paymentStatus(input.merchantPaymentId)
      await http.post(envelope(anyData), P.refunds, {
        ...short,
        body: {
          merchantRefundId: `DEVELOPER-PANEL-REFUND-${randomId()}`.slice(0, limits.merchantPaymentIdMaxLength),
          paymentId: data.paymentId ?? '',
          amount: money(input.amount),
          requestedAt: nowSeconds(),
          reason: 'PayLab demo refund',
        },
      })
    }),
  }
}
