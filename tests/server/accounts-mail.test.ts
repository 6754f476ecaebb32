import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { linkOf, otpOf, startSmtpReceiver, type SmtpReceiver } from '../support/smtp.ts'
import { storeKinds } from '../support/store.ts'
import { deviceHeader, goodPassword, newDevice, signUpComplete, uniqueEmail } from './accounts-helpers.ts'

/** A port nobody listens on. */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe.each(storeKinds())('accounts: mail [%s]', (kind) => {
  describe('through SMTP', () => {
    let t: TestApp
    let smtp: SmtpReceiver
    beforeAll(async () => {
      smtp = await startSmtpReceiver()
      t = await createTestApp(kind, { smtpUrl: smtp.url, publicOrigin: 'https://paylab.example' })
    })
    afterAll(async () => {
      await t.close()
      await smtp.close()
    })

    it('delivers the sign-up OTP to the SMTP server, bilingual, and keeps no local copy', async () => {
      const email = uniqueEmail('smtp')
      const device = newDevice()
      const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
      expect(created.status).toBe(200)
      const mail = await smtp.waitFor((m) => m.to.includes(email))
      expect(mail.subject).toContain('ワンタイムパスワード')
      expect(mail.subject).toContain('One-time password')
      expect(mail.text).toContain('one-time password')
      expect(mail.text).toContain('ワンタイムパスワード')
      expect(mail.html).toContain('lang="ja"')
      const otp = otpOf(mail)
      expect(otp).toMatch(/^\d{4}$/)
      const validated = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: created.body.data.otp_reference_id, otp, email })
      expect(validated.body.resultInfo.code).toBe('SUCCESS')
      const box = await t.json('GET', '/sandbox/mailbox.json')
      expect(box.body.data).toEqual({ smtpConfigured: true, mails: [] })
    })

    it('mails the reset link on the public origin', async () => {
      const s = await (async () => {
        // sign up by reading the OTP from SMTP
        const email = uniqueEmail('smtp-reset')
        const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword })
        const otp = otpOf(await smtp.waitFor((m) => m.to.includes(email)))
        await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: created.body.data.otp_reference_id, otp, email })
        return { email }
      })()
      await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      const mail = await smtp.waitFor((m) => m.to.includes(s.email) && m.subject.includes('Reset'))
      const link = new URL(linkOf(mail)!)
      expect(link.origin).toBe('https://paylab.example')
      expect(link.pathname).toBe('/account/resetPassword')
      const done = await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token: link.searchParams.get('token'), password: 'N3w-password' })
      expect(done.body.resultInfo.code).toBe('SUCCESS')
    })
  })

  describe('when the SMTP server is down', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` })
    })
    afterAll(() => t.close())

    it('sign-up answers "Somthing went wrong, Try again later" and the reference is not usable', async () => {
      const email = uniqueEmail()
      const res = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, { 'accept-language': 'en' })
      expect(res.status).toBe(502)
      expect(res.body.resultInfo).toMatchObject({ code: 'SIGNUP_FAILED', message: 'Somthing went wrong, Try again later' })
      const { accountRepo } = await import('../../src/server/store/account-repo.ts')
      const user = await accountRepo(t.deps.store.db).findUserByEmail(email)
      const open = await accountRepo(t.deps.store.db).latestOpenChallenge(user!.id, 'signup_otp', t.deps.clock.now())
      expect(open).toBeUndefined()
    })

    it('forgot password answers the failure screen message', async () => {
      const email = uniqueEmail()
      // create the account directly in the store: mail is down, so sign-up cannot finish through the API
      const { accountRepo } = await import('../../src/server/store/account-repo.ts')
      const { hashPassword } = await import('../../src/server/modules/accounts/crypto.ts')
      await accountRepo(t.deps.store.db).insertDeveloper({
        id: `u_${Date.now()}`,
        email,
        passwordHash: await hashPassword(goodPassword),
        externalUserId: crypto.randomUUID(),
        now: new Date(),
      })
      const res = await t.json('POST', '/v1/dpSignIn/passwordReset', { email }, { 'accept-language': 'en' })
      expect(res.status).toBe(502)
      expect(res.body.resultInfo).toMatchObject({ code: 'PASSWORD_RESET_FAILED', message: 'Oops! Something went wrong. Please try again later.' })
      const ja = await t.json('POST', '/v1/dpSignIn/passwordReset', { email })
      expect(ja.body.resultInfo.message).toBe('問題が発生しました。しばらくしてから再度お試しください。')
    })
  })

  describe('local outbox', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind)
    })
    afterAll(() => t.close())

    it('shows every mail newest first as bilingual HTML readable without JavaScript, and as JSON', async () => {
      const first = await signUpComplete(t, uniqueEmail('first'))
      t.deps.clock.advance(1_000)
      const second = uniqueEmail('second')
      await t.json('POST', '/v1/dpSignup/createAccount', { email: second, password: goodPassword })
      const res = await t.app.request('/sandbox/mailbox')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html).toContain('サンドボックスのメールボックス')
      expect(html).toContain('Sandbox mailbox')
      expect(html).toContain('<span lang="ja">宛先</span> / <span lang="en">To</span>: ')
      expect(html).toContain(
        '<span lang="ja">SMTP サーバーが設定されていない間、PayLab が送るメール（ワンタイムパスワード、パスワード再設定）はここに届きます。新しい順です。</span>',
      )
      expect(html).not.toContain('<script')
      expect(html.indexOf(second)).toBeGreaterThan(-1)
      expect(html.indexOf(second)).toBeLessThan(html.indexOf(first.email))

      for (const path of ['/sandbox/mailbox.json', '/sandbox/mailbox?format=json']) {
        const json = await t.json('GET', path)
        expect(json.status).toBe(200)
        const mails = json.body.data.mails
        expect(mails[0].to).toBe(second)
        expect(mails[0].otp).toMatch(/^\d{4}$/)
        expect(json.body.data.smtpConfigured).toBe(false)
      }
      const filtered = await t.json('GET', `/sandbox/mailbox.json?to=${encodeURIComponent(first.email)}`)
      expect(filtered.body.data.mails.every((m: { to: string }) => m.to === first.email)).toBe(true)
      expect((await t.json('GET', '/sandbox/mailbox.json?limit=abc')).status).toBe(400)
    })

    it('escapes what users typed', async () => {
      const odd = `o'brien&co.${Date.now()}@example.com`
      const created = await t.json('POST', '/v1/dpSignup/createAccount', { email: odd, password: goodPassword })
      expect(created.status).toBe(200)
      const html = await (await t.app.request('/sandbox/mailbox')).text()
      expect(html).toContain(odd.replace('&', '&amp;').replace("'", '&#39;'))
      expect(html).not.toContain(odd)
    })
  })
})
