import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteRepo } from '../../src/server/store/site-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('foundation server [%s]', (kind) => {
  let t: TestApp & { lines: string[] }
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('reports the store in /healthz', async () => {
    const res = await t.json('GET', '/healthz')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', store: { kind, ok: true } })
  })

  it('gives every answer a request id, in the header and on the log line', async () => {
    const res = await t.app.request('/healthz')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const line = t.lines.map((l) => JSON.parse(l)).find((l) => l.requestId === id)
    expect(line).toMatchObject({ msg: 'request', path: '/healthz', status: 200 })
  })

  it('answers unknown API paths with the provider error shape', async () => {
    const res = await t.json('GET', '/v2/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body.resultInfo).toEqual({ code: 'RESOURCE_NOT_FOUND', message: expect.any(String), codeId: '08100007' })
  })

  it('rejects a body over the limit with 413 in the error shape', async () => {
    const res = await t.json('POST', '/v2/codes', JSON.stringify({ pad: 'x'.repeat(1_100_000) }))
    expect(res.status).toBe(413)
    expect(res.body.resultInfo.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('serves maintenance metadata, switched by the operator setting', async () => {
    const off = await t.json('GET', '/dev/config/v2/components?type=maintenance.metadata&lang=en')
    expect(off.body.data['maintenance.metadata'][0]).toMatchObject({ maintenanceMode: false, __i18n_lang: 'en' })
    await siteRepo(t.deps.store.db).setMaintenance({
      maintenanceMode: true,
      maintenanceDesc: { ja: ['メンテナンス中'], en: ['Down for maintenance'] },
    })
    const on = await t.json('GET', '/dev/config/v2/components?type=maintenance.metadata&lang=jp')
    expect(on.body.data['maintenance.metadata'][0]).toEqual({
      __i18n_lang: 'jp',
      maintenanceMode: true,
      maintenanceDesc: ['メンテナンス中'],
    })
    await siteRepo(t.deps.store.db).setMaintenance({ maintenanceMode: false, maintenanceDesc: { ja: [], en: [] } })
  })

  it('rejects a components call without a type as INVALID_PARAMS', async () => {
    const res = await t.json('GET', '/dev/config/v2/components?lang=en')
    expect(res.status).toBe(400)
    expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
  })
})
