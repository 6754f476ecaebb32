import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { globalAgent } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PAYPAY from '@paypayopa/paypayopa-sdk-node'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/server/main.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import type { TestApp } from '../support/app.ts'
import { formAction, socketSend, testUserChoices, textOf, walletBrowser } from '../support/wallet-browser.ts'
import { bearer, signUpComplete } from './accounts-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/**
 * The provider's published Node SDK, unchanged, against the sandbox. The SDK only speaks HTTPS and lets a
 * caller choose the host and port (`new Conf({ hostName, portNumber })`), so the real server is started with
 * SANDBOX_HTTPS_PORT and the SDK is pointed at it. The self-signed certificate the server generated is trusted
 * explicitly (Node's global HTTPS agent gets it as its CA; nothing disables verification).
 */
const resultInfo = v.object({ code: v.string(), message: v.string(), codeId: v.string() })
const createdCode = v.object({ resultInfo, data: v.object({ codeId: v.string(), url: v.string(), deeplink: v.string(), expiryDate: v.number() }) })
const paymentDetails = v.object({
  resultInfo,
  data: v.object({
    paymentId: v.string(),
    status: v.string(),
    merchantPaymentId: v.string(),
    amount: v.object({ amount: v.number(), currency: v.literal('JPY') }),
  }),
})
const refundDetails = v.object({ resultInfo, data: v.object({ status: v.string(), merchantRefundId: v.string(), paymentId: v.string() }) })
const answered = v.object({ STATUS: v.number(), BODY: v.unknown() })

describe('the published Node SDK works against the sandbox over HTTPS', () => {
  let dataDir: string
  let running: Awaited<ReturnType<typeof startServer>>
  let httpsOrigin: string
  let previousCa: { had: boolean; value: unknown } = { had: false, value: undefined }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paylab-sdk-'))
    running = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX_HTTPS_PORT: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST: dataDir,
    })
    expect(running.https).toBeDefined()
    httpsOrigin = `https://127.0.0.1:${running.https!.port}`
    previousCa = { had: Object.hasOwn(globalAgent.options, 'ca'), value: globalAgent.options.ca }
    globalAgent.options.ca = running.https!.certificate.cert
  })

  afterAll(async () => {
    // The agent's own options override every request's (`{...request, ...agent.options}`): an own `ca: undefined`
    // left behind would make later files in this worker (the server project shares one) ignore their own `ca`.
    if (previousCa.had) globalAgent.options.ca = previousCa.value as typeof globalAgent.options.ca
    else delete globalAgent.options.ca
    await Promise.all([new Promise<void>((resolve) => running.server.close(() => resolve())), running.https?.close()])
    await running.deps.store.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('creates a QR code, the code is paid in the wallet, and the SDK reads the payment, refunds it and reads the refund', async () => {
    const merchants = merchantRepo(running.deps.store.db)
    const merchant = await merchants.create({ name: 'SDK Cake Shop', products: ['webcashier', 'qrcode'] })
    const key = await merchants.issueCredential(merchant.id)
    PAYPAY.Configure({
      clientId: key.apiKey,
      clientSecret: key.apiSecret,
      merchantId: merchant.id,
      conf: new PAYPAY.Conf({ hostName: '127.0.0.1', portNumber: running.https!.port }),
    })

    const merchantPaymentId = `sdk-${Date.now()}`
    const create = v.parse(
      answered,
      await PAYPAY.QRCodeCreate({
        merchantPaymentId,
        amount: { amount: 1500, currency: 'JPY' },
        codeType: 'ORDER_QR',
        orderDescription: 'Fruit tart',
        isAuthorization: false,
      }),
    )
    expect(create.STATUS).toBe(201)
    const code = v.parse(createdCode, create.BODY)
    expect(code.resultInfo.code).toBe('SUCCESS')
    expect(code.data.url.startsWith(`${httpsOrigin}/sandbox/cashier/`)).toBe(true)

    // A payer opens the code's url (over the same HTTPS port) and pays as a test user, like a browser would.
    const browser = walletBrowser(socketSend(running.https!.certificate.cert), httpsOrigin)
    const cashier = await browser.get(code.data.url)
    expect(cashier.status).toBe(200)
    expect(textOf(cashier.html)).toContain('SDK Cake Shop')
    const taro = testUserChoices(cashier.html).get('taro')
    expect(taro).toBeDefined()
    expect((await browser.post(formAction(cashier.html, '/sign-in'), { testUserId: taro! })).status).toBe(303)
    const signedIn = await browser.get(code.data.url)
    const paid = await browser.post(formAction(signedIn.html, '/pay'))
    expect(paid.status).toBe(303)
    expect((await browser.get(paid.location!)).html).toContain('data-status="COMPLETED"')

    const details = v.parse(answered, await PAYPAY.GetCodePaymentDetails([merchantPaymentId]))
    expect(details.STATUS).toBe(200)
    const payment = v.parse(paymentDetails, details.BODY)
    expect(payment.data).toMatchObject({ status: 'COMPLETED', merchantPaymentId, amount: { amount: 1500, currency: 'JPY' } })

    const merchantRefundId = `sdk-refund-${Date.now()}`
    const refund = v.parse(
      answered,
      await PAYPAY.PaymentRefund({
        merchantRefundId,
        paymentId: payment.data.paymentId,
        amount: { amount: 1500, currency: 'JPY' },
        reason: 'SDK proof',
      }),
    )
    expect(refund.STATUS).toBe(200)
    expect(v.parse(refundDetails, refund.BODY).data).toMatchObject({ merchantRefundId, paymentId: payment.data.paymentId })

    const readRefund = v.parse(answered, await PAYPAY.GetRefundDetails([merchantRefundId]))
    expect(readRefund.STATUS).toBe(200)
    expect(v.parse(refundDetails, readRefund.BODY).data).toMatchObject({ status: 'REFUNDED', merchantRefundId, paymentId: payment.data.paymentId })

    const afterRefund = v.parse(paymentDetails, v.parse(answered, await PAYPAY.GetCodePaymentDetails([merchantPaymentId])).BODY)
    expect(afterRefund.data.status).toBe('REFUNDED')
  })

  it('is refused by the sandbox when the SDK is configured with a wrong secret (the signature really is checked)', async () => {
    const merchants = merchantRepo(running.deps.store.db)
    const merchant = await merchants.create({ name: 'SDK Wrong Key', products: ['qrcode'] })
    const key = await merchants.issueCredential(merchant.id)
    PAYPAY.Configure({
      clientId: key.apiKey,
      clientSecret: `${key.apiSecret}x`,
      merchantId: merchant.id,
      conf: new PAYPAY.Conf({ hostName: '127.0.0.1', portNumber: running.https!.port }),
    })
    const result = v.parse(
      answered,
      await PAYPAY.QRCodeCreate({ merchantPaymentId: `sdk-bad-${Date.now()}`, amount: { amount: 1, currency: 'JPY' }, codeType: 'ORDER_QR' }),
    )
    expect(result.STATUS).toBe(401)
    expect(v.parse(v.object({ resultInfo }), result.BODY).resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })
  })

  it("a payment made with the SDK and a signed-up developer's own key shows up in the developer's transactions", async () => {
    const { port } = running.server.address() as AddressInfo
    const overHttp = {
      async json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: res.status, body: (await res.json()) as any, headers: res.headers }
      },
    } as unknown as TestApp
    const developer = await signUpComplete(overHttp)
    const profile = (await overHttp.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(developer.token))).body.data
    PAYPAY.Configure({
      clientId: profile.client_api_key,
      clientSecret: profile.client_api_secret,
      merchantId: developer.merchantId,
      conf: new PAYPAY.Conf({ hostName: '127.0.0.1', portNumber: running.https!.port }),
    })
    const merchantPaymentId = `sdk-dev-${Date.now()}`
    const create = v.parse(answered, await PAYPAY.QRCodeCreate({ merchantPaymentId, amount: { amount: 700, currency: 'JPY' }, codeType: 'ORDER_QR' }))
    expect(create.STATUS).toBe(201)
    const engine = running.deps.sandbox
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(developer.merchantId))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: v.parse(createdCode, create.BODY).data.codeId, testUserId: taro.id })
    const transactions = await overHttp.json('GET', '/v1/getTransactions', undefined, bearer(developer.token))
    expect(transactions.status).toBe(200)
    expect(transactions.body.data.data[0]).toMatchObject({
      type: 'PAYMENT',
      kind: 'QR',
      merchant_reference_id: merchantPaymentId,
      status: 'COMPLETED',
      amount: { amount: 700, currency: 'JPY' },
    })
  })
})
