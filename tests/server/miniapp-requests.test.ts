import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { miniappRequestRules } from '../../src/domain/miniapp-request.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { latestMail, mailCount, uniqueEmail } from './accounts-helpers.ts'

/** Issue 20: the mini-app request form is validated, stored, confirmed by mail and listed for the operators. */
describe.each(storeKinds())('mini-app requests [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { operatorToken: 'op-secret-token' })
  })
  afterAll(() => t.close())

  const request = (email: string, extra: Record<string, unknown> = {}) => ({
    company: 'Cake Co.',
    contactName: '山田 花子',
    email,
    service: 'Order cakes for pick-up at our shops, paid inside the PayLab app.',
    features: ['payment', 'notifications'],
    agreed: true,
    lang: 'en',
    ...extra,
  })
  const operator = { authorization: 'Bearer op-secret-token' }

  it('stores a valid request, mails a bilingual confirmation and lists it for the operators', async () => {
    const email = uniqueEmail('miniapp')
    const sent = await t.json('POST', '/dev/v1/miniappRequests', request(email))
    expect(sent.status).toBe(200)
    const id = sent.body.data.id
    expect(id).toMatch(/^mar_[A-Za-z0-9_-]{12}$/)
    const mail = (await latestMail(t, email))!
    expect(mail.subject).toContain(id)
    expect(mail.text).toContain('Thank you for your mini app request for Cake Co.')
    expect(mail.text).toMatch(/[ぁ-んァ-ン]/)
    const list = await t.json('GET', '/dev/v1/miniappRequests', undefined, operator)
    expect(list.status).toBe(200)
    expect(list.headers.get('cache-control')).toBe('no-store')
    expect(list.body.data.requests[0]).toMatchObject({
      id,
      company: 'Cake Co.',
      contact_name: '山田 花子',
      email,
      features: ['payment', 'notifications'],
      lang: 'en',
    })
  })

  it('refuses an incomplete request per field and stores nothing', async () => {
    const email = uniqueEmail('incomplete')
    for (const extra of [{ company: '  ' }, { service: 'too short' }, { features: [] }, { features: ['teleport'] }, { agreed: false }, { email: 'nope' }]) {
      const res = await t.json('POST', '/dev/v1/miniappRequests', request(email, extra))
      expect(res.status, JSON.stringify(extra)).toBe(400)
      expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
    }
    expect(await mailCount(t, email)).toBe(0)
    const list = await t.json('GET', '/dev/v1/miniappRequests', undefined, operator)
    expect(list.body.data.requests.some((r: { email: string }) => r.email === email)).toBe(false)
  })

  it(`takes at most ${miniappRequestRules.perAddress} requests from one address per window`, async () => {
    const email = uniqueEmail('many')
    for (let i = 0; i < miniappRequestRules.perAddress; i++) expect((await t.json('POST', '/dev/v1/miniappRequests', request(email))).status).toBe(200)
    const over = await t.json('POST', '/dev/v1/miniappRequests', request(email))
    expect(over.status).toBe(429)
    expect(over.body.data.retry_after_seconds).toBeGreaterThan(0)
    expect(await mailCount(t, email)).toBe(miniappRequestRules.perAddress)
  })

  it('lists requests only with the operator token, and not at all without one configured', async () => {
    expect((await t.json('GET', '/dev/v1/miniappRequests')).status).toBe(401)
    expect((await t.json('GET', '/dev/v1/miniappRequests', undefined, { authorization: 'Bearer wrong' })).status).toBe(401)
    const closed = await createTestApp(kind)
    try {
      expect((await closed.json('GET', '/dev/v1/miniappRequests', undefined, operator)).status).toBe(404)
    } finally {
      await closed.close()
    }
  })

  it('refuses a cross-site or non-JSON post', async () => {
    const email = uniqueEmail('forged')
    const plain = await t.app.request('/dev/v1/miniappRequests', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(request(email)),
    })
    expect(plain.status).toBe(415)
    const crossSite = await t.app.request('/dev/v1/miniappRequests', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(request(email)),
    })
    expect(crossSite.status).toBe(403)
    expect(await mailCount(t, email)).toBe(0)
  })
})
