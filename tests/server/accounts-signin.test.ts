import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, deviceHeader, goodPassword, latestMail, mailCount, newDevice, signUp, signUpComplete, uniqueEmail } from './accounts-helpers.ts'

const wallet = { email: 'wallet.user@paylab.example', password: 'Wallet#2026' }

describe.each(storeKinds())('accounts: sign-in [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  const signIn = (body: unknown, device?: string, lang = 'ja') =>
    t.json('POST', '/v1/dpSignIn/authenticate', body, { ...(device ? deviceHeader(device) : {}), 'accept-language': lang })
  const profile = (token: string) => t.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(token))

  it('signs in straight away on the device that signed up, with the token object and sign-up status', async () => {
    const s = await signUpComplete(t)
    const res = await signIn({ email: s.email, password: goodPassword }, s.device)
    expect(res.status).toBe(200)
    expect(res.body.resultInfo.code).toBe('SUCCESS')
    expect(res.body.data).toMatchObject({ token_type: 'bearer', scope: 'REGULAR', status: 'COMPLETED', expires_in: 3600 })
    expect((await profile(res.body.data.access_token)).body.data.merchant_id).toBe(s.merchantId)
  })

  it('asks for an OTP on a device not seen before (040000020), and remembers the device once it is given', async () => {
    const s = await signUpComplete(t)
    const device = newDevice()
    const before = await mailCount(t, s.email)
    const asked = await signIn({ email: s.email, password: goodPassword }, device)
    expect(asked.status).toBe(403)
    expect(asked.body.resultInfo).toEqual({ code: '040000020', message: '', codeId: '040000020' })
    expect(asked.body.data.resend_after_seconds).toBe(60)
    expect(await mailCount(t, s.email)).toBe(before + 1)
    const mail = (await latestMail(t, s.email))!
    expect(mail.text).toContain('sign in')
    const ok = await signIn({ otp_reference_id: asked.body.data.otp_reference_id, otp: mail.otp }, device)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ token_type: 'bearer', status: 'COMPLETED' })
    const again = await signIn({ email: s.email, password: goodPassword }, device)
    expect(again.status).toBe(200)
    const noDevice = await signIn({ email: s.email, password: goodPassword })
    expect(noDevice.body.resultInfo.code).toBe('040000020')
    const malformed = await signIn({ email: s.email, password: goodPassword }, 'not-a-device-id')
    expect(malformed.body.resultInfo.code).toBe('040000020')
  })

  it('sign-in OTP: wrong code, attempt limit, resend cooldown and expiry', async () => {
    const s = await signUpComplete(t)
    const device = newDevice()
    const ref = (await signIn({ email: s.email, password: goodPassword }, device)).body.data.otp_reference_id
    const otp = (await latestMail(t, s.email))!.otp!
    const wrong = otp === '9999' ? '8888' : '9999'
    const bad = await signIn({ otp_reference_id: ref, otp: wrong }, device, 'en')
    expect(bad.body.resultInfo).toMatchObject({ code: 'INVALID_GRANT', message: 'OTP is not valid.' })
    const early = await t.json('GET', `/v1/dpSignIn/resendOtp/${ref}`)
    expect(early.body.resultInfo.code).toBe('01103101')
    t.deps.clock.advance(limits.otpResendCooldownMs)
    const resent = await t.json('GET', `/v1/dpSignIn/resendOtp/${ref}`)
    expect(resent.body.resultInfo.code).toBe('SUCCESS')
    // a sign-up reference is not a sign-in reference
    expect((await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)).body.resultInfo.code).toBe('OTP_EXPIRED')
    const fresh = (await latestMail(t, s.email))!.otp!
    const wrong2 = fresh === '9999' ? '8888' : '9999'
    for (let i = 0; i < 3; i++) expect((await signIn({ otp_reference_id: ref, otp: wrong2 }, device)).body.resultInfo.code).toBe('INVALID_GRANT')
    expect((await signIn({ otp_reference_id: ref, otp: wrong2 }, device)).body.resultInfo.code).toBe('OTP_ATTEMPTS_EXCEEDED')
    expect((await signIn({ otp_reference_id: ref, otp: fresh }, device)).body.resultInfo.code).toBe('OTP_ATTEMPTS_EXCEEDED')

    t.deps.clock.advance(limits.otpResendCooldownMs)
    const ref2 = (await signIn({ email: s.email, password: goodPassword }, device)).body.data.otp_reference_id
    expect(ref2).not.toBe(ref)
    const otp2 = (await latestMail(t, s.email))!.otp!
    t.deps.clock.advance(limits.accounts.otpTtlMs + 1)
    expect((await signIn({ otp_reference_id: ref2, otp: otp2 }, device)).body.resultInfo.code).toBe('OTP_EXPIRED')
  })

  it('tells an unknown e-mail (040000002) from a wrong password (01102004), in both languages', async () => {
    const unknown = await signIn({ email: uniqueEmail('nobody'), password: goodPassword }, undefined, 'en')
    expect(unknown.status).toBe(404)
    expect(unknown.body.resultInfo).toMatchObject({ code: '040000002', codeId: '040000002' })
    expect(unknown.body.resultInfo.message).toMatch(/sign up/i)
    const s = await signUp(t)
    const wrongEn = await signIn({ email: s.email, password: 'Wrong-pass1' }, s.device, 'en')
    expect(wrongEn.status).toBe(401)
    expect(wrongEn.body.resultInfo).toMatchObject({ code: '01102004', message: 'The e-mail address or password is incorrect.' })
    const wrongJa = await signIn({ email: s.email, password: 'Wrong-pass1' }, s.device, 'ja')
    expect(wrongJa.body.resultInfo.message).toBe('メールアドレスまたはパスワードが正しくありません。')
    const invalid = await signIn({ email: 'x', password: '' })
    expect(invalid.status).toBe(400)
  })

  it('locks the account for 15 minutes after 5 failures within 15 minutes (01101007)', async () => {
    const s = await signUpComplete(t)
    const wrong = { email: s.email, password: 'Wrong-pass1' }
    for (let i = 0; i < 4; i++) expect((await signIn(wrong, s.device)).body.resultInfo.code).toBe('01102004')
    const fifth = await signIn(wrong, s.device, 'en')
    expect(fifth.status).toBe(423)
    expect(fifth.body.resultInfo.code).toBe('01101007')
    expect(fifth.body.resultInfo.message).toMatch(/too many failed logins/i)
    const right = await signIn({ email: s.email, password: goodPassword }, s.device)
    expect(right.body.resultInfo.code).toBe('01101007')
    expect(right.body.data.retry_after_seconds).toBe(15 * 60)
    t.deps.clock.advance(14 * 60_000)
    expect((await signIn({ email: s.email, password: goodPassword }, s.device)).body.data.retry_after_seconds).toBe(60)
    t.deps.clock.advance(60_000)
    const after = await signIn({ email: s.email, password: goodPassword }, s.device)
    expect(after.status).toBe(200)
    // the lock is over and the counter starts afresh
    expect((await signIn(wrong, s.device)).body.resultInfo.code).toBe('01102004')
  })

  it('does not lock for failures spread over more than 15 minutes, and a success resets the count', async () => {
    const s = await signUpComplete(t)
    const wrong = { email: s.email, password: 'Wrong-pass1' }
    for (let i = 0; i < 4; i++) await signIn(wrong, s.device)
    t.deps.clock.advance(limits.accounts.loginFailureWindowMs)
    expect((await signIn(wrong, s.device)).body.resultInfo.code).toBe('01102004')
    for (let i = 0; i < 3; i++) await signIn(wrong, s.device)
    expect((await signIn({ email: s.email, password: goodPassword }, s.device)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await signIn(wrong, s.device)).body.resultInfo.code).toBe('01102004')
  })

  it('a wallet-app account accepts the terms (040000018), proves its e-mail by OTP and continues sign-up at step 3', async () => {
    const device = newDevice()
    const first = await signIn(wallet, device)
    expect(first.status).toBe(403)
    expect(first.body.resultInfo.code).toBe('040000018')
    const ticket = first.body.data.access_token
    expect(ticket).toEqual(expect.any(String))
    const forged = await signIn({ accepted_terms_and_condition: true, access_token: 'x'.repeat(43), ...wallet }, device)
    expect(forged.body.resultInfo.code).toBe('TERMS_TICKET_INVALID')
    const wrongPassword = await signIn({ accepted_terms_and_condition: true, access_token: ticket, email: wallet.email, password: 'Nope-1234' }, device)
    expect(wrongPassword.body.resultInfo.code).toBe('01102004')
    const accepted = await signIn({ accepted_terms_and_condition: true, access_token: ticket, ...wallet }, device)
    expect(accepted.body.resultInfo.code).toBe('040000020')
    const replay = await signIn({ accepted_terms_and_condition: true, access_token: ticket, ...wallet }, device)
    expect(replay.body.resultInfo.code).not.toBe('SUCCESS')
    const otp = (await latestMail(t, wallet.email))!.otp
    const done = await signIn({ otp_reference_id: accepted.body.data.otp_reference_id, otp }, device)
    expect(done.status).toBe(200)
    expect(done.body.data.status).toBe('PENDING_UPLOAD_LOGO')
    // now a developer: the plain form signs in on this device, and sign-up can finish
    const plain = await signIn(wallet, device)
    expect(plain.body.data.status).toBe('PENDING_UPLOAD_LOGO')
    const products = await t.json(
      'POST',
      '/v1/dpSignup/signupProduct',
      { merchantName: 'Wallet Shop', logoDMSId: 'default', email: wallet.email, products: [1] },
      bearer(plain.body.data.access_token),
    )
    expect(products.body.data.status).toBe('COMPLETED')
  })

  it('an unfinished sign-up (OTP never entered) signs in through an OTP, which also verifies the address', async () => {
    const email = uniqueEmail()
    const device = newDevice()
    await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    const asked = await signIn({ email, password: goodPassword }, device)
    expect(asked.body.resultInfo.code).toBe('040000020')
    const otp = (await latestMail(t, email))!.otp
    const ok = await signIn({ otp_reference_id: asked.body.data.otp_reference_id, otp }, device)
    expect(ok.body.data.status).toBe('PENDING_UPLOAD_LOGO')
    const dup = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword })
    expect(dup.body.resultInfo.code).toBe('040000019')
  })

  it('logout revokes the token; an expired or revoked token answers 401 UNAUTHORIZED', async () => {
    const s = await signUpComplete(t)
    const second = (await signIn({ email: s.email, password: goodPassword }, s.device)).body.data.access_token
    expect((await profile(s.token)).status).toBe(200)
    const out = await t.json('POST', '/v1/dpSignout/logout', { accessToken: s.token }, bearer(s.token))
    expect(out.status).toBe(200)
    const after = await profile(s.token)
    expect(after.status).toBe(401)
    expect(after.body.resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })
    expect((await t.json('POST', '/v1/dpSignout/logout', { accessToken: s.token }, bearer(s.token))).status).toBe(401)
    expect((await profile(second)).status).toBe(200)
    t.deps.clock.advance(limits.accounts.accessTokenTtlMs)
    expect((await profile(second)).status).toBe(401)
    for (const header of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(600)}` },
    ]) {
      expect((await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, header)).status).toBe(401)
    }
  })

  it('a refresh token buys a new pair once; the old access token ends; logout ends the refresh token too', async () => {
    const s = await signUpComplete(t)
    const pair = (await signIn({ email: s.email, password: goodPassword }, s.device)).body.data
    const refreshed = await t.json('POST', '/v1/dpSignIn/refresh', { refresh_token: pair.refresh_token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.data).toMatchObject({ token_type: 'bearer', scope: 'REGULAR', status: 'COMPLETED' })
    expect((await profile(pair.access_token)).status).toBe(401)
    expect((await profile(refreshed.body.data.access_token)).status).toBe(200)
    const replay = await t.json('POST', '/v1/dpSignIn/refresh', { refresh_token: pair.refresh_token })
    expect(replay.status).toBe(401)
    await t.json('POST', '/v1/dpSignout/logout', {}, bearer(refreshed.body.data.access_token))
    expect((await t.json('POST', '/v1/dpSignIn/refresh', { refresh_token: refreshed.body.data.refresh_token })).status).toBe(401)
    expect((await t.json('POST', '/v1/dpSignIn/refresh', {})).status).toBe(400)
  })

  describe('forgot password', () => {
    it('mails a reset link; the link sets a new password once and ends every session', async () => {
      const s = await signUpComplete(t)
      const requested = await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      expect(requested.status).toBe(200)
      const mail = (await latestMail(t, s.email))!
      expect(mail.subject).toContain('Reset your password')
      expect(mail.text).toContain('パスワード')
      const link = new URL(mail.link!)
      expect(link.pathname).toBe('/account/resetPassword')
      const token = link.searchParams.get('token')!

      const weak = await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token, password: 'weak' })
      expect(weak.body.resultInfo.code).toBe('PASSWORD_POLICY')
      const done = await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token, password: 'N3w-password' })
      expect(done.status).toBe(200)
      expect((await profile(s.token)).status).toBe(401)
      expect((await signIn({ email: s.email, password: goodPassword }, s.device)).body.resultInfo.code).toBe('01102004')
      expect((await signIn({ email: s.email, password: 'N3w-password' }, s.device)).status).toBe(200)
      const reuse = await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token, password: 'An0ther-pass' })
      expect(reuse.status).toBe(400)
      expect(reuse.body.resultInfo.code).toBe('RESET_TOKEN_INVALID')
    })

    it('a reset also lifts a lockout; links expire after 30 minutes and a newer link replaces an older one', async () => {
      const s = await signUpComplete(t)
      for (let i = 0; i < 5; i++) await signIn({ email: s.email, password: 'Wrong-pass1' }, s.device)
      await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      const first = new URL((await latestMail(t, s.email))!.link!).searchParams.get('token')!
      await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      expect(new URL((await latestMail(t, s.email))!.link!).searchParams.get('token')).toBe(first) // cooldown: no second mail
      t.deps.clock.advance(limits.otpResendCooldownMs)
      await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      const second = new URL((await latestMail(t, s.email))!.link!).searchParams.get('token')!
      expect(second).not.toBe(first)
      expect((await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token: first, password: 'N3w-password' })).body.resultInfo.code).toBe(
        'RESET_TOKEN_INVALID',
      )
      expect((await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token: second, password: 'N3w-password' })).status).toBe(200)
      expect((await signIn({ email: s.email, password: 'N3w-password' }, s.device)).status).toBe(200)

      t.deps.clock.advance(limits.otpResendCooldownMs)
      await t.json('POST', '/v1/dpSignIn/passwordReset', { email: s.email })
      const third = new URL((await latestMail(t, s.email))!.link!).searchParams.get('token')!
      t.deps.clock.advance(limits.accounts.passwordResetTtlMs)
      expect((await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token: third, password: 'Fin4l-pass' })).body.resultInfo.code).toBe(
        'RESET_TOKEN_INVALID',
      )
    })

    it('answers SUCCESS for an unknown address without sending anything, and EMAIL_INVALID for a malformed one', async () => {
      const nobody = uniqueEmail('nobody')
      expect((await t.json('POST', '/v1/dpSignIn/passwordReset', { email: nobody })).status).toBe(200)
      expect(await mailCount(t, nobody)).toBe(0)
      const bad = await t.json('POST', '/v1/dpSignIn/passwordReset', { email: 'nope' }, { 'accept-language': 'en' })
      expect(bad.body.resultInfo).toMatchObject({ code: 'EMAIL_INVALID', message: 'Email is not valid!' })
    })
  })
})
