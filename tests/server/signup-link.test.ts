import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupLinkRules } from '../../src/domain/signup-link.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { latestMail, mailCount, uniqueEmail } from './accounts-helpers.ts'

/** Issue 20: a phone, refused sign-up, can have the sign-up link mailed to open on a larger screen. */
describe.each(storeKinds())('sign-up link by mail [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { publicOrigin: 'https://portal.paylab.test' })
  })
  afterAll(() => t.close())

  it('mails the sign-up link in Japanese and English', async () => {
    const email = uniqueEmail('phone')
    const res = await t.json('POST', '/dev/v1/signupLink', { email })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ sent: true })
    const mail = (await latestMail(t, email))!
    expect(mail.subject).toContain('Continue signing up on a larger screen')
    expect(mail.text).toContain('https://portal.paylab.test/account/signup')
    expect(mail.text).toContain('computer or a tablet')
    expect(mail.text).toMatch(/[ぁ-んァ-ン]/)
    expect(mail.html).toContain('href="https://portal.paylab.test/account/signup"')
  })

  it(`sends at most ${signupLinkRules.perAddress} mails to one address per window, then 429 with the wait`, async () => {
    const email = uniqueEmail('limited')
    for (let i = 0; i < signupLinkRules.perAddress; i++) expect((await t.json('POST', '/dev/v1/signupLink', { email })).status).toBe(200)
    const over = await t.json('POST', '/dev/v1/signupLink', { email: email.toUpperCase() })
    expect(over.status).toBe(429)
    expect(over.body.resultInfo.code).toBe('RATE_LIMIT')
    expect(over.body.data.retry_after_seconds).toBeGreaterThan(0)
    expect(over.body.data.retry_after_seconds).toBeLessThanOrEqual(signupLinkRules.windowMs / 1000)
    expect(await mailCount(t, email)).toBe(signupLinkRules.perAddress)
  })

  it('refuses a malformed address and a cross-site or non-JSON post, sending nothing', async () => {
    const bad = await t.json('POST', '/dev/v1/signupLink', { email: 'not-an-address' })
    expect(bad.status).toBe(400)
    expect(bad.body.resultInfo.code).toBe('INVALID_PARAMS')
    const email = uniqueEmail('forged')
    const form = await t.app.request('/dev/v1/signupLink', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email }) })
    expect(form.status).toBe(415)
    const crossSite = await t.app.request('/dev/v1/signupLink', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email }),
    })
    expect(crossSite.status).toBe(403)
    expect(await mailCount(t, email)).toBe(0)
  })
})
