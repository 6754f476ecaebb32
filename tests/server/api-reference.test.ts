import { readFileSync } from 'node:fs'
import { setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiSchema, type OpenApi } from '@/web/features/apireference/api.ts'
import { apiDescriptions } from '@/web/features/apireference/descriptions.ts'
import { curlOf, exampleRequest, exampleResponses, resolverHref, sdkSnippet } from '@/web/features/apireference/examples.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

/** The API reference's examples, generated from the server's real `/openapi.json` (issue 11). */
let t: TestApp
let doc: OpenApi
beforeAll(async () => {
  t = await createTestApp('pglite')
  doc = v.parse(openApiSchema, (await t.json('GET', '/openapi.json')).body)
})
afterAll(() => t.close())
const op = (method: string, path: string) => {
  const found = doc.paths[path]?.[method]
  if (!found) throw new Error(`${method} ${path} is not in /openapi.json`)
  return found
}

describe('example requests generated from /openapi.json', () => {
  it('create QR code: curl and the four SDKs carry the method, path, OPA-Auth header and the required body fields', () => {
    const create = op('post', '/v2/codes')
    const request = exampleRequest('post', '/v2/codes', create)
    const curl = curlOf(request)
    expect(curl).toMatch(/^curl -X POST 'http:\/\/localhost:3000\/v2\/codes'/)
    expect(curl).toContain(`-H 'Authorization: hmac OPA-Auth:<API key>:<signature>:<nonce>:<epoch>:<body hash>'`)
    expect(curl).toContain(`-H 'X-ASSUME-MERCHANT: <merchant id>'`)
    expect(curl).toContain(`-H 'Content-Type: application/json;charset=UTF-8;'`)
    const body = JSON.parse(curl.slice(curl.indexOf("-d '") + 4, curl.lastIndexOf("'")))
    expect(body).toMatchObject({
      merchantPaymentId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      amount: { amount: expect.any(Number), currency: 'JPY' },
      codeType: 'ORDER_QR',
    })
    expect(curl).not.toContain('X-Sandbox')

    expect(sdkSnippet('node', 'post', '/v2/codes', request)).toMatch(/PayLab\.QRCodeCreate\(\{[\s\S]*"codeType": "ORDER_QR"/)
    expect(sdkSnippet('python', 'post', '/v2/codes', request)).toMatch(/client\.Code\.create_qr_code\(\{[\s\S]*"merchantPaymentId": "order-/)
    expect(sdkSnippet('php', 'post', '/v2/codes', request)).toMatch(/\$client->code->createQRCode\(\[[\s\S]*'amount' => \[[\s\S]*'currency' => 'JPY'/)
    const java = sdkSnippet('java', 'post', '/v2/codes', request)!
    expect(java).toContain('QRCode qRCode = new QRCode()')
    expect(java).toContain('.amount(new MoneyAmount().amount(480).currency(MoneyAmount.CurrencyEnum.JPY))')
    expect(java).toContain('.codeType("ORDER_QR")')
    expect(java).toContain('paymentApi.createQRCode(qRCode);')
  })

  it('refund details: path parameter filled in, no body, no content type; the SDKs take the id', () => {
    const details = op('get', '/v2/refunds/{merchantRefundId}')
    const request = exampleRequest('get', '/v2/refunds/{merchantRefundId}', details)
    expect(request.url).toBe('/v2/refunds/refund-20261124-0001')
    const curl = curlOf(request)
    expect(curl).toMatch(/^curl -X GET 'http:\/\/localhost:3000\/v2\/refunds\/refund-20261124-0001'/)
    expect(curl).not.toContain('Content-Type')
    expect(curl).not.toContain(' -d ')
    expect(sdkSnippet('node', 'get', '/v2/refunds/{merchantRefundId}', request)).toContain('PayLab.GetRefundDetails(["refund-20261124-0001"])')
    expect(sdkSnippet('python', 'get', '/v2/refunds/{merchantRefundId}', request)).toContain('client.Payment.refund_details("refund-20261124-0001")')
    expect(sdkSnippet('java', 'get', '/v2/refunds/{merchantRefundId}', request)).toBeNull()
  })

  it('a required query parameter is in the URL and in the SDK arguments', () => {
    const status = op('get', '/v2/user/authorizations')
    const request = exampleRequest('get', '/v2/user/authorizations', status)
    expect(request.url).toBe('/v2/user/authorizations?userAuthorizationId=ua-0f8c2a3e-1b2d-4c5e')
    expect(sdkSnippet('node', 'get', '/v2/user/authorizations', request)).toContain('PayLab.GetUserAuthorizationStatus(["ua-0f8c2a3e-1b2d-4c5e"])')
  })

  it('a portal call is signed with the bearer token and has no SDK', () => {
    const request = exampleRequest('get', '/v1/homeDboard/getUserProfile', op('get', '/v1/homeDboard/getUserProfile'))
    expect(curlOf(request)).toContain(`-H 'Authorization: Bearer <access_token>'`)
    expect(sdkSnippet('node', 'get', '/v1/homeDboard/getUserProfile', request)).toBeNull()
  })
})

describe('example answers', () => {
  it('create QR code answers 201 SUCCESS with data, and each published error status lists its codes', () => {
    const responses = exampleResponses(op('post', '/v2/codes'))
    const success = responses.find((r) => r.status === '201')!
    expect(success.body).toMatchObject({ resultInfo: { code: 'SUCCESS', codeId: '08100001' }, data: { codeId: expect.any(String), url: expect.any(String) } })
    const bad = responses.find((r) => r.status === '400')!
    expect(bad.codes.map((c) => c.code)).toEqual(expect.arrayContaining(['DYNAMIC_QR_BAD_REQUEST', 'DUPLICATE_DYNAMIC_QR_REQUEST']))
    expect(bad.body).toEqual({ resultInfo: bad.codes[0], data: null })
    expect(responses.find((r) => r.status === '401')?.codes.map((c) => c.code)).toContain('UNAUTHORIZED')
  })

  it('cancel answers 202 REQUEST_ACCEPTED with data null', () => {
    const accepted = exampleResponses(op('delete', '/v2/payments/{merchantPaymentId}')).find((r) => r.status === '202')!
    expect(accepted.body).toEqual({ resultInfo: { code: 'REQUEST_ACCEPTED', codeId: '08100001', message: 'Request accepted' }, data: null })
  })

  it('an error code links to the resolver with the operation, the code and its codeId', () => {
    const create = op('post', '/v2/codes')
    expect(create['x-apiName']).toBe('v2_createDynamicQRCode')
    const code = exampleResponses(create)
      .flatMap((r) => r.codes)
      .find((c) => c.code === 'DYNAMIC_QR_BAD_REQUEST')!
    expect(resolverHref(create['x-apiName']!, code)).toBe(`/develop/resolve?api_name=v2_createDynamicQRCode&code=DYNAMIC_QR_BAD_REQUEST&code_id=${code.codeId}`)
    expect(code.codeId).toMatch(/^\d{8}$/)
  })
})

/** The explicit-id messages of the API reference's catalog in a language: id → text as written in the .po. */
function catalog(lang: 'ja' | 'en'): Record<string, string> {
  const po = PO.parse(readFileSync(`locales/${lang}/apireference.po`, 'utf8'))
  return Object.fromEntries(po.items.filter((i) => i.extractedComments.includes('js-lingui-explicit-id')).map((i) => [i.msgid, i.msgstr[0] ?? '']))
}

describe('the Japanese of the API description', () => {
  it('every summary and field description of the Open Payment API and the sandbox has a Japanese text', () => {
    const texts = new Set<string>()
    const walk = (x: unknown) => {
      if (!x || typeof x !== 'object') return
      const record = x as Record<string, unknown>
      if (typeof record.description === 'string') texts.add(record.description)
      Object.values(record).forEach(walk)
    }
    for (const methods of Object.values(doc.paths))
      for (const operation of Object.values(methods)) {
        if (!['Open Payment API', 'Sandbox'].includes(operation.tags[0] ?? '')) continue
        texts.add(operation.summary)
        walk(operation.parameters)
        walk(operation.requestBody)
        walk(operation.responses)
      }
    // each text is a message of the feature's catalog (descriptions.ts, id = the English text) with its Japanese
    const ids = new Set(apiDescriptions.map((d) => d.id))
    expect([...texts].filter((text) => !ids.has(text))).toEqual([])
    const ja = catalog('ja')
    expect([...texts].filter((text) => !ja[text])).toEqual([])
  })

  it('renders each description as written in English and as translated in Japanese (no ICU surprises)', () => {
    const i18n = (lang: 'ja' | 'en') => {
      const texts = catalog(lang)
      const messages = Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)]))
      return setupI18n({ locale: lang, messages: { [lang]: messages } })
    }
    const [ja, en, jaTexts] = [i18n('ja'), i18n('en'), catalog('ja')]
    for (const { id } of apiDescriptions) {
      expect(en._(id!)).toBe(id)
      expect(ja._(id!)).toBe(jaTexts[id!])
    }
    expect(ja._('Sandbox')).toBe('サンドボックス')
    expect(ja._('Create a QR code (dynamic QR, web payment, app invoke)')).toBe(
      'QRコードを作成します（ダイナミックQRコード、ウェブペイメント、アプリ呼び出し）。',
    )
  })
})

describe('example values (issue 20)', () => {
  it('no example anywhere in the reference is a placeholder ("url-example", "string")', async () => {
    // the document the running server serves (every module's routes)
    const full = v.parse(openApiSchema, doc)
    const placeholders: string[] = []
    for (const [path, methods] of Object.entries(full.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const text = JSON.stringify([exampleRequest(method, path, operation), exampleResponses(operation)])
        for (const m of text.matchAll(/"([^"]*-example|string)"/g)) placeholders.push(`${method} ${path}: ${m[1]}`)
      }
    expect(placeholders).toEqual([])
  })
})
