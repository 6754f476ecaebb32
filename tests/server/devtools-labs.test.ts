import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labEndpoints, labGroups, labEndpointsOf } from '../../src/domain/lab.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('developer tools: lab lists and resolver [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it("lists each group's products with endpoints, scenarios (model1 default, the group's WOT model) and responses, in both languages", async () => {
    for (const group of labGroups) {
      const en = await t.json('GET', `/dev/paylablab/${group}?lang=en`)
      const ja = await t.json('GET', `/dev/paylablab/${group}?lang=jp`)
      expect(en.status).toBe(200)
      expect(en.body.data).toMatchObject({ group, lang: 'en', defaultScenario: 'model1' })
      for (const product of en.body.data.products) {
        expect(product.endpoints.map((e: { id: string }) => e.id)).toEqual(labEndpointsOf[product.model as keyof typeof labEndpointsOf])
        for (const e of product.endpoints) {
          expect(e.scenarios[0]).toMatchObject({ id: 'model1', key: 'WIT' })
          expect(e.scenarios).toContainEqual(
            expect.objectContaining({ id: en.body.data.specificModel, key: 'WOT', expected: { status: 401, code: 'UNAUTHORIZED' } }),
          )
          expect(e.responses.map((r: { code: string }) => r.code)).toContain('OP_OUT_OF_SCOPE')
        }
      }
      expect(ja.body.data.products[0].endpoints[0].name).not.toBe(en.body.data.products[0].endpoints[0].name)
      expect(ja.body.data.products[0].endpoints[0].responses.at(-1).message).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/)
    }
    const web = (await t.json('GET', '/dev/paylablab/webPayment?lang=en')).body.data
    expect(web.products.map((p: { model: string }) => p.model)).toEqual(['webcashier', 'qrcode', 'appinvoke'])
    expect((await t.json('GET', '/dev/paylablab/qrcode')).status).toBe(404)
    expect((await t.json('GET', '/dev/paylablab/payment?lang=fr')).status).toBe(400)
  })

  it('offers the 0-yen request-order scenario (spec §9) in both languages', async () => {
    for (const lang of ['en', 'jp']) {
      const data = (await t.json('GET', `/dev/paylablab/payment?lang=${lang}`)).body.data
      const order = data.products.find((p: { model: string }) => p.model === 'request_money').endpoints.find((e: { id: string }) => e.id === 'postRequestOrder')
      const zero = order.scenarios.find((s: { zeroAmount?: boolean }) => s.zeroAmount)
      expect(zero).toMatchObject({ key: 'WIT', expected: { status: 400, code: 'INVALID_PARAMS' } })
      expect(zero.title).toBe(lang === 'en' ? 'Request 0 yen: the server refuses the amount' : '0円を請求：サーバーが金額を拒否します')
    }
  })

  it('resolves a code from an SDK-style link, in the asked language', async () => {
    const res = await t.json('GET', '/dev/v1/resolve?api_name=v2_createQRCode&code=DYNAMIC_QR_BAD_REQUEST&code_id=01650000&lang=en')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      found: true,
      query: { api_name: 'v2_createQRCode', code: 'DYNAMIC_QR_BAD_REQUEST', code_id: '01650000' },
      entry: { code: 'DYNAMIC_QR_BAD_REQUEST', status: 400, lab: { product: 'qrcode', path: expect.stringContaining('/develop/paylab-lab?product=qrcode') } },
    })
    const ja = await t.json('GET', '/dev/v1/resolve?code=040000019&lang=jp')
    expect(ja.body.data.entry.meaning).toContain('このメールアドレスは既に登録されています')
    const unknown = await t.json('GET', '/dev/v1/resolve?code=NO_SUFICIENT_FUND')
    expect(unknown.body.data).toMatchObject({ found: false, entry: null })
    expect(unknown.body.data.near[0].code).toBe('NO_SUFFICIENT_FUND')
    expect((await t.json('GET', '/dev/v1/resolve')).status).toBe(400)
    expect((await t.json('GET', `/dev/v1/resolve?code=${'X'.repeat(101)}`)).status).toBe(400)
  })

  it('reads a full-width code or code id as the ASCII one (issue 20)', async () => {
    const id = await t.json('GET', `/dev/v1/resolve?code=${encodeURIComponent('０８１０００１６')}&lang=en`)
    expect(id.status).toBe(200)
    expect(id.body.data).toMatchObject({ found: true, entry: { code: 'UNAUTHORIZED' } })
    const code = await t.json(
      'GET',
      `/dev/v1/resolve?code=${encodeURIComponent('　ｕｎａｕｔｈｏｒｉｚｅｄ')}&code_id=${encodeURIComponent('０８１０００１６')}&lang=en`,
    )
    expect(code.body.data).toMatchObject({ found: true, entry: { code: 'UNAUTHORIZED' }, query: { code_id: '08100016' } })
    expect((await t.json('GET', `/dev/v1/resolve?code=${encodeURIComponent('　')}`)).status).toBe(400)
  })

  it('describes every developer-tools call in /openapi.json', async () => {
    const paths = (await t.json('GET', '/openapi.json')).body.paths
    const expected: [string, string][] = [
      ['post', '/v1/dpSignup/salesforceActivate'],
      ['get', '/v1/d-panel/{id}/apiKey'],
      ['post', '/v1/d-panel/{id}/apiKey'],
      ['delete', '/v1/d-panel/{id}/apiKey/{apiKey}'],
      ['put', '/dev/user/v1merchantBalance'],
      ['put', '/dev/user/v1merchantBalance/{testUserId}'],
      ['get', '/v1/getTransactions'],
      ['get', '/v1/getTransactions/{type}/{id}'],
      ['get', '/dev/v1/configSettings/getSettings'],
      ['patch', '/dev/v1/configSettings/updateSettings'],
      ['get', '/dev/v1/user/getProducts'],
      ['put', '/dev/v1/user/putProducts'],
      ['get', '/dev/paylablab/{group}'],
      ['get', '/dev/v1/resolve'],
      ...labEndpoints.map((e) => [e.method.toLowerCase(), e.demoPath] as [string, string]),
    ]
    expect(expected.filter(([method, path]) => !paths[path]?.[method])).toEqual([])
    expect(paths['/v1/getTransactions'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['page_no', 'record_per_page', 'live_mode'])
  })
})
