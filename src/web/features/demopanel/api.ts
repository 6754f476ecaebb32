import { fromPromise } from 'xstate'
import * as v from 'valibot'
import { demoMerchantPaymentId } from '@/domain/checkout-demo.ts'
import { demoApiPaths as P } from '@/domain/demo-api.ts'
import type { DemoPanelType } from '@/domain/demo-panel.ts'
import { limits } from '@/domain/limits.ts'
import { timeoutsMs } from '@/web/lib/http.ts'
import { checkoutPollMachine } from '@machines/checkout-poll.machine.ts'
import type { CreatedCode, LinkedPayer, PaidPayment } from '@machines/demo-panel.machine.ts'

/**
 * The phone-mock panel's calls (spec §7 demo API, docs/demo-panel.md): the actors the panel machine names. The panel
 * shows each exchange as it happened — method, path, body, status, answer, time, and where the server forwarded it
 * (signed there with the demo merchant's key) — so it uses `fetch` and keeps every answer, with the short timeout
 * of demo calls. An answer is used only after valibot accepts it; a refusal rejects with its result code.
 */

export interface PanelCall {
  /** Counts up from 1 within the page. */
  n: number
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  body: unknown
  /** 0 when no answer came (network, timeout). */
  status: number
  answer: unknown
  ms: number
  /** `X-PAYLAB-FORWARDED-TO`: the sandbox call the server signed and made. */
  forwardedTo: string | null
}

const envelope = <S extends v.GenericSchema>(data: S) => v.object({ resultInfo: v.object({ code: v.string() }), data })
const codeData = v.object({ codeId: v.string(), url: v.string(), merchantPaymentId: v.string() })
const statusData = v.object({ status: v.string() })
const urlData = v.object({ url: v.string() })
const linkData = v.object({ userAuthorizationId: v.string(), phoneNumber: v.string() })
const errorShape = v.object({ resultInfo: v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]*$/)) }) })

const randomId = () => crypto.randomUUID().replaceAll('-', '')
const nowSeconds = () => Math.floor(Date.now() / 1000)
const money = (amount: number) => ({ amount, currency: limits.currency })
const englishDescriptions: Record<DemoPanelType, string> = {
  qrCode: 'PayLab panel: QR code',
  appInvoke: 'PayLab panel: app invoke',
  cashback: 'PayLab panel: cashback',
  autoDebit: 'PayLab panel: auto debit',
}

/**
 * The panel's actors; `onCall` hears every exchange (for the call list). `describeOrder` is the order description the
 * wallet's cashier shows, in the UI's language (issue 20); without it the English one is sent.
 */
export function demoPanelActors(onCall: (call: PanelCall) => void, describeOrder: (type: DemoPanelType) => string = (type) => englishDescriptions[type]) {
  let n = 0

  async function call<S extends v.GenericSchema>(method: PanelCall['method'], path: string, schema: S, body?: unknown): Promise<v.InferOutput<S>> {
    const started = performance.now()
    const record = (status: number, answer: unknown, forwardedTo: string | null) =>
      onCall({ n: ++n, method, path, body: body ?? null, status, answer, ms: Math.round(performance.now() - started), forwardedTo })
    let response: Response
    let text: string
    try {
      response = await fetch(path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json;charset=UTF-8' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutsMs.short),
      })
      text = await response.text()
    } catch {
      record(0, null, null)
      throw new Error('NO_ANSWER')
    }
    let answer: unknown = text
    try {
      answer = JSON.parse(text)
    } catch {
      // not JSON: shown as text
    }
    record(response.status, answer, response.headers.get('X-PAYLAB-FORWARDED-TO'))
    if (!response.ok) {
      const refused = v.safeParse(errorShape, answer)
      throw new Error(refused.success ? refused.output.resultInfo.code : 'NO_ANSWER')
    }
    const parsed = v.safeParse(envelope(schema), answer)
    if (!parsed.success) throw new Error('UNEXPECTED_ANSWER')
    return parsed.output.data
  }

  const codeIds = new Map<string, string>()
  const paymentIds = new Map<string, string>()

  return {
    createCode: fromPromise<CreatedCode, { paymentType: DemoPanelType; amount: number }>(async ({ input }) => {
      const merchantPaymentId = demoMerchantPaymentId(randomId())
      const data = await call('POST', P.createQr, codeData, {
        merchantPaymentId,
        amount: money(input.amount),
        codeType: 'ORDER_QR',
        requestedAt: nowSeconds(),
        orderDescription: describeOrder(input.paymentType),
      })
      codeIds.set(merchantPaymentId, data.codeId)
      return { url: data.url, codeId: data.codeId, merchantPaymentId }
    }),
    checkoutPoll: checkoutPollMachine.provide({
      actors: {
        getPaymentStatus: fromPromise<{ status: string }, { merchantPaymentId: string }>(async ({ input }) => ({
          status: (await call('GET', `${P.qrDetail}/${encodeURIComponent(input.merchantPaymentId)}`, statusData)).status,
        })),
      },
    }),
    cancelCode: fromPromise<void, { codeId: string }>(async ({ input }) => {
      await call('DELETE', `${P.deleteQr}/${encodeURIComponent(input.codeId)}`, v.unknown())
    }),
    getPrelinkedPayer: fromPromise<LinkedPayer, void>(async () => call('GET', P.autoDebitId, linkData)),
    getConsentUrl: fromPromise<{ url: string }, void>(async () => call('POST', P.login, urlData, { scopes: ['direct_debit'] })),
    readResponseToken: fromPromise<LinkedPayer, { responseToken: string }>(async ({ input }) =>
      call('POST', P.parseJwt, linkData, { responseToken: input.responseToken }),
    ),
    payDirect: fromPromise<PaidPayment, { userAuthorizationId: string; amount: number }>(async ({ input }) => {
      const merchantPaymentId = demoMerchantPaymentId(randomId())
      const data = await call(`POST`, `${P.pay}?agreeSimilarTransaction=true`, v.object({ paymentId: v.string() }), {
        merchantPaymentId,
        userAuthorizationId: input.userAuthorizationId,
        amount: money(input.amount),
        requestedAt: nowSeconds(),
        orderDescription: describeOrder('autoDebit'),
      })
      paymentIds.set(merchantPaymentId, data.paymentId)
      return { merchantPaymentId }
    }),
    giveCashback: fromPromise<void, { userAuthorizationId: string; amount: number }>(async ({ input }) => {
      await call('POST', P.cashback, v.unknown(), {
        merchantCashbackId: demoMerchantPaymentId(randomId()),
        userAuthorizationId: input.userAuthorizationId,
        amount: money(input.amount),
        requestedAt: nowSeconds(),
        orderDescription: describeOrder('cashback'),
      })
    }),
    refundPayment: fromPromise<void, { merchantPaymentId: string; amount: number }>(async ({ input }) => {
      // a code's payment id is only known once paid: read it first
      const paymentId =
        paymentIds.get(input.merchantPaymentId) ??
        (await call('GET', `${P.qrDetail}/${encodeURIComponent(input.merchantPaymentId)}`, v.object({ paymentId: v.string() }))).paymentId
      await call('POST', P.refunds, v.unknown(), {
        merchantRefundId: `DEVELOPER-PANEL-REFUND-${randomId()}`.slice(0, limits.merchantPaymentIdMaxLength),
        paymentId,
        amount: money(input.amount),
        requestedAt: nowSeconds(),
        reason: 'PayLab panel refund',
      })
    }),
  }
}
