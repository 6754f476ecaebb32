import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import {
  bearer,
  deviceHeader,
  gif,
  goodPassword,
  jpeg,
  latestMail,
  mailCount,
  multipart,
  newDevice,
  png,
  signUp,
  signUpComplete,
  uniqueEmail,
} from './accounts-helpers.ts'

describe.each(storeKinds())('accounts: sign-up [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('reads a full-width e-mail address and OTP as the ASCII ones (issue 20)', async () => {
    const email = uniqueEmail('wide')
    const wide = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
    const device = newDevice()
    const created = await t.json('POST', '/v1/dpSignup/createAccount', { email: `${wide(email)}　`, password: goodPassword }, deviceHeader(device))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const mail = (await latestMail(t, email))!
    expect(mail.otp).toMatch(/^\d{4}$/)
    const validated = await t.json(
      'POST',
      '/v1/dpSignup/validateOtp',
      { otp_reference_id: created.body.data.otp_reference_id, otp: wide(mail.otp!), email: wide(email) },
      deviceHeader(device),
    )
    expect(validated.status).toBe(200)
    expect(validated.body.data.status).toBe('PENDING_UPLOAD_LOGO')
  })

  it('walks a newcomer through all five steps and leaves them holding a sandbox merchant, key and secret', async () => {
    const email = uniqueEmail('newcomer')
    const device = newDevice()
    const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    expect(created.status).toBe(200)
    expect(created.body.resultInfo).toEqual({ code: 'SUCCESS', message: '成功しました', codeId: '08100001' })
    const ref = created.body.data.otp_reference_id
    expect(ref).toMatch(/^[A-Za-z0-9_-]{16,64}$/)

    const mail = (await latestMail(t, email))!
    expect(mail.otp).toMatch(/^\d{4}$/)
    expect(mail.text).toContain('ワンタイムパスワード')
    expect(mail.text).toContain('one-time password')

    const validated = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: ref, otp: mail.otp, email }, deviceHeader(device))
    expect(validated.status).toBe(200)
    expect(validated.body.data.status).toBe('PENDING_UPLOAD_LOGO')
    const token = validated.body.data.token
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'REGULAR', expires_in: limits.accounts.accessTokenTtlMs / 1000 })
    expect(token.access_token).not.toBe(token.refresh_token)
    const auth = bearer(token.access_token)

    const productsPage = await t.json('GET', '/v1/dpSignup/products?page=0', undefined, auth)
    expect(productsPage.status).toBe(200)
    const content = productsPage.body.data.content as { id: number; model: string; corporateOnly: boolean; nameJp: string; descriptionJp: string }[]
    expect(content.map((p) => p.model).sort()).toEqual(
      ['appinvoke', 'autodebit', 'continuous_payments', 'preauth_capture', 'qrcode', 'request_money', 'webcashier'].sort(),
    )
    expect(
      content
        .filter((p) => p.corporateOnly)
        .map((p) => p.model)
        .sort(),
    ).toEqual(['continuous_payments', 'request_money'])
    for (const p of content) expect(p.nameJp && p.descriptionJp).toBeTruthy()
    const empty = await t.json('GET', '/v1/dpSignup/products?page=1', undefined, auth)
    expect(empty.body.data.content).toEqual([])

    const logoBytes = png(200, 200)
    const upload = await multipart(t, '/v1/dpSignup/uploadLogo', token.access_token, { bytes: logoBytes, name: 'logo.png', type: 'image/png' })
    expect(upload.status).toBe(200)
    expect(upload.body.data).toMatchObject({ width: 200, height: 200 })
    const logoId = upload.body.data.logoDMSId
    const stored = await t.app.request(upload.body.data.logoUrl)
    expect(stored.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(logoBytes))).toBe(true)

    const midway = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, auth)
    expect(midway.body.data).toMatchObject({ status: 'PENDING_MERCHANT_CREATION', merchant_id: null, merchant_name: 'Merchant Name' })

    const all = content.map((p) => p.id)
    const registered = await t.json('POST', '/v1/dpSignup/signupProduct', { merchantName: 'ケーキ屋', logoDMSId: logoId, email, products: all }, auth)
    expect(registered.status).toBe(200)
    expect(registered.body.data).toMatchObject({ merchant_name: 'ケーキ屋', status: 'COMPLETED', logo_url: upload.body.data.logoUrl })
    expect(t.deps.analytics.recent().at(-1)).toEqual({ name: 'Merchant-creation', category: 'SignUp', label: 'SUCCESS' })

    const profile = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, auth)
    expect(profile.body.data).toMatchObject({
      email_id: email,
      merchant_id: registered.body.data.merchant_id,
      merchant_name: 'ケーキ屋',
      logo_url: upload.body.data.logoUrl,
      live_merchant_id: null,
      status: 'COMPLETED',
    })
    expect(profile.body.data.merchant_id).toMatch(/^\d{18}$/)
    expect(profile.body.data.client_api_key).toMatch(/^a_/)
    expect(Buffer.from(profile.body.data.client_api_secret, 'base64')).toHaveLength(32)
    expect(profile.body.data.products.sort()).toEqual(content.map((p) => p.model).sort())
    expect(new Date(profile.body.data.registration_date).getTime()).not.toBeNaN()
    expect(profile.body.data.external_user_id).toMatch(/^[0-9a-f-]{36}$/)

    const again = await t.json('POST', '/v1/dpSignup/signupProduct', { merchantName: 'x', logoDMSId: 'default', email, products: [1] }, auth)
    expect(again.status).toBe(409)
    expect(again.body.resultInfo.code).toBe('MERCHANT_ALREADY_CREATED')
    expect(t.deps.analytics.recent().at(-1)).toMatchObject({ name: 'Merchant-creation', label: 'MERCHANT_ALREADY_CREATED' })
  })

  it('Skip: an empty merchant name becomes "Merchant Name" and the default logo leaves logo_url empty', async () => {
    const s = await signUp(t)
    const res = await t.json(
      'POST',
      '/v1/dpSignup/signupProduct',
      { merchantName: '   ', logoDMSId: 'default', email: s.email, products: [2] },
      bearer(s.token),
    )
    expect(res.body.data).toMatchObject({ merchant_name: 'Merchant Name', logo_url: null, products: ['autodebit'] })
  })

  it('creates exactly one merchant when the register button is pressed twice at once', async () => {
    const s = await signUp(t)
    const body = { merchantName: 'Twice', logoDMSId: 'default', email: s.email, products: [1] }
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.json('POST', '/v1/dpSignup/signupProduct', body, bearer(s.token))))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.resultInfo.code === 'MERCHANT_ALREADY_CREATED')).toHaveLength(4)
  })

  it('refuses an e-mail that already has a developer account (040000019) or belongs to the wallet app (040000018)', async () => {
    const s = await signUp(t)
    const dup = await t.json('POST', '/v1/dpSignup/createAccount', { email: s.email.toUpperCase(), password: goodPassword }, { 'accept-language': 'en' })
    expect(dup.status).toBe(409)
    expect(dup.body.resultInfo).toMatchObject({ code: '040000019', codeId: '040000019' })
    expect(dup.body.resultInfo.message).toMatch(/already registered/)
    const wallet = await t.json('POST', '/v1/dpSignup/createAccount', { email: 'wallet.user@paylab.example', password: goodPassword })
    expect(wallet.status).toBe(403)
    expect(wallet.body.resultInfo.code).toBe('040000018')
    expect(wallet.body.resultInfo.message).toContain('メールアドレス')
  })

  it('judges the e-mail and every broken password rule on the server too', async () => {
    const badEmail = await t.json('POST', '/v1/dpSignup/createAccount', { email: 'not-an-email', password: goodPassword }, { 'accept-language': 'en' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.resultInfo).toMatchObject({ code: 'EMAIL_INVALID', message: 'Email is not valid!' })
    const weak = await t.json('POST', '/v1/dpSignup/createAccount', { email: uniqueEmail(), password: 'abc' })
    expect(weak.status).toBe(400)
    expect(weak.body.resultInfo.code).toBe('PASSWORD_POLICY')
    expect(weak.body.data.failures).toEqual(['password.length', 'password.symbol', 'password.digit', 'password.uppercase'])
    const tooLong = await t.json('POST', '/v1/dpSignup/createAccount', { email: uniqueEmail(), password: `Aa1!${'x'.repeat(29)}` })
    expect(tooLong.body.data.failures).toEqual(['password.length'])
  })

  it('answers missing fields, wrong types, non-JSON and huge bodies with the error shape, never a 500', async () => {
    const cases: [unknown, number][] = [
      [undefined, 400],
      [{}, 400],
      [{ email: 42, password: true }, 400],
      [[1, 2], 400],
      ['{not json', 400],
      [JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }), 413],
    ]
    for (const [body, status] of cases) {
      const res = await t.json('POST', '/v1/dpSignup/createAccount', body)
      expect(res.status, JSON.stringify(body)?.slice(0, 40)).toBe(status)
      expect(res.body.resultInfo).toEqual({ code: expect.any(String), message: expect.any(String), codeId: expect.any(String) })
    }
    for (const path of ['/v1/dpSignup/validateOtp', '/v1/dpSignIn/authenticate', '/v1/dpSignIn/passwordReset', '/v1/dpSignIn/passwordReset/confirm']) {
      for (const body of [undefined, {}, { otp_reference_id: 5, otp: [1], email: null }, 'nope']) {
        const res = await t.json('POST', path, body)
        expect(res.status, path).toBeGreaterThanOrEqual(400)
        expect(res.status, path).toBeLessThan(500)
        expect(typeof res.body.resultInfo.code).toBe('string')
      }
    }
  })

  it('restarting an unfinished sign-up within a minute keeps the OTP already sent; later it replaces it', async () => {
    const email = uniqueEmail()
    const device = newDevice()
    const first = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    const second = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: 'Other-pass1' }, deviceHeader(device))
    expect(second.body.data.otp_reference_id).toBe(first.body.data.otp_reference_id)
    expect(await mailCount(t, email)).toBe(1)
    t.deps.clock.advance(limits.otpResendCooldownMs)
    const third = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    expect(third.body.data.otp_reference_id).not.toBe(first.body.data.otp_reference_id)
    expect(await mailCount(t, email)).toBe(2)
    const otp = (await latestMail(t, email))!.otp
    const old = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: first.body.data.otp_reference_id, otp, email })
    expect(old.body.resultInfo.code).toBe('OTP_EXPIRED')
    const ok = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: third.body.data.otp_reference_id, otp, email })
    expect(ok.body.resultInfo.code).toBe('SUCCESS')
  })

  describe('one-time password', () => {
    async function start() {
      const email = uniqueEmail('otp')
      const res = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword })
      const otp = (await latestMail(t, email))!.otp!
      const wrong = otp === '0000' ? '1111' : '0000'
      return { email, ref: res.body.data.otp_reference_id as string, otp, wrong }
    }
    const validate = (ref: string, otp: string, email: string, lang = 'ja') =>
      t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: ref, otp, email }, { 'accept-language': lang })

    it('says "OTP is not valid." for a wrong code and kills the reference after five wrong tries', async () => {
      const { email, ref, otp, wrong } = await start()
      const first = await validate(ref, wrong, email, 'en')
      expect(first.status).toBe(400)
      expect(first.body.resultInfo).toMatchObject({ code: 'INVALID_GRANT', message: 'OTP is not valid.' })
      expect(first.body.data.attempts_left).toBe(4)
      expect((await validate(ref, wrong, email)).body.resultInfo.message).toBe('ワンタイムパスワードが無効です。')
      await validate(ref, wrong, email)
      await validate(ref, wrong, email)
      const fifth = await validate(ref, wrong, email)
      expect(fifth.body.resultInfo.code).toBe('OTP_ATTEMPTS_EXCEEDED')
      const right = await validate(ref, otp, email)
      expect(right.body.resultInfo.code).toBe('OTP_ATTEMPTS_EXCEEDED')
      const resend = await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)
      expect(resend.body.resultInfo.code).toBe('OTP_ATTEMPTS_EXCEEDED')
    })

    it('a malformed code is not valid and does not use up a try; a code for another e-mail is wrong', async () => {
      const { email, ref, otp } = await start()
      for (const bad of ['12', 'abcd', '12345']) expect((await validate(ref, bad, email)).body.resultInfo.code).toBe('INVALID_GRANT')
      const other = await validate(ref, otp, uniqueEmail())
      expect(other.body.data.attempts_left).toBe(4)
      expect((await validate(ref, otp, email)).body.resultInfo.code).toBe('SUCCESS')
    })

    it('expires after ten minutes', async () => {
      const { email, ref, otp } = await start()
      t.deps.clock.advance(limits.accounts.otpTtlMs)
      const res = await validate(ref, otp, email)
      expect(res.status).toBe(410)
      expect(res.body.resultInfo.code).toBe('OTP_EXPIRED')
    })

    it('resends no sooner than 60 seconds, then a new code replaces the old one', async () => {
      const { email, ref, otp } = await start()
      const early = await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)
      expect(early.status).toBe(429)
      expect(early.body.resultInfo).toMatchObject({ code: '01103101', message: '' })
      expect(early.body.data.retry_after_seconds).toBe(60)
      t.deps.clock.advance(45_000)
      expect((await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)).body.data.retry_after_seconds).toBe(15)
      t.deps.clock.advance(15_000)
      const resent = await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)
      expect(resent.status).toBe(200)
      expect(resent.body.data).toEqual({ otp_reference_id: ref, resend_after_seconds: 60 })
      expect(await mailCount(t, email)).toBe(2)
      const fresh = (await latestMail(t, email))!.otp!
      if (fresh !== otp) expect((await validate(ref, otp, email)).body.resultInfo.code).toBe('INVALID_GRANT')
      expect((await validate(ref, fresh, email)).body.resultInfo.code).toBe('SUCCESS')
      expect((await t.json('GET', `/v1/dpSignup/resendOtp/${ref}`)).body.resultInfo.code).toBe('OTP_EXPIRED')
    })

    it('answers an unknown or malformed reference as expired', async () => {
      expect((await t.json('GET', '/v1/dpSignup/resendOtp/AAAAAAAAAAAAAAAAAAAAAAAA')).body.resultInfo.code).toBe('OTP_EXPIRED')
      expect((await t.json('GET', '/v1/dpSignup/resendOtp/..%2F..')).status).toBeLessThan(500)
      expect((await validate('AAAAAAAAAAAAAAAAAAAAAAAA', '1234', 'a@b.co')).body.resultInfo.code).toBe('OTP_EXPIRED')
    })

    it.each([2, 5, 10])('gives exactly one token when the right code is submitted %i times at once', async (n) => {
      const { email, ref, otp } = await start()
      const answers = await Promise.all(Array.from({ length: n }, () => validate(ref, otp, email)))
      const won = answers.filter((a) => a.body.resultInfo.code === 'SUCCESS')
      expect(won).toHaveLength(1)
      expect(won[0]!.body.data.token.access_token).toBeTruthy()
      for (const lost of answers.filter((a) => a.body.resultInfo.code !== 'SUCCESS')) {
        expect(lost.body.resultInfo.code).toBe('OTP_EXPIRED')
      }
    })
  })

  describe('logo upload', () => {
    let token: string
    let email: string
    beforeAll(async () => {
      ;({ token, email } = await signUp(t))
    })
    const upload = (bytes: Uint8Array, name = 'logo.png', type = 'image/png') => multipart(t, '/v1/dpSignup/uploadLogo', token, { bytes, name, type })

    it('accepts a square JPG or PNG up to 222×222, judged from the bytes', async () => {
      expect((await upload(png(222, 222))).status).toBe(200)
      expect((await upload(png(1, 1))).status).toBe(200)
      const jpg = await upload(jpeg(100, 100), 'photo.jpg', 'image/jpeg')
      expect(jpg.status).toBe(200)
      const served = await t.app.request(jpg.body.data.logoUrl)
      expect(served.headers.get('content-type')).toBe('image/jpeg')
      // the name and declared type do not matter: a PNG named .txt is still a PNG
      expect((await upload(png(50, 50), 'logo.txt', 'text/plain')).status).toBe(200)
    })

    it('refuses other images, non-images, non-square or too large pictures with a clear bilingual error', async () => {
      const gifAsPng = await upload(gif(), 'logo.png', 'image/png')
      expect(gifAsPng.status).toBe(415)
      expect(gifAsPng.body.resultInfo.code).toBe('LOGO_TYPE')
      expect(gifAsPng.body.resultInfo.message).toContain('JPG')
      expect((await upload(Buffer.from('hello, not an image'), 'a.png')).body.resultInfo.code).toBe('LOGO_TYPE')
      expect((await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).body.resultInfo.code).toBe('LOGO_TYPE')
      const big = await upload(png(300, 300))
      expect(big.status).toBe(400)
      expect(big.body.resultInfo.code).toBe('LOGO_DIMENSIONS')
      expect(big.body.data).toMatchObject({ width: 300, height: 300 })
      expect((await upload(png(200, 100))).body.resultInfo.code).toBe('LOGO_DIMENSIONS')
      expect((await upload(jpeg(222, 221), 'x.jpg', 'image/jpeg')).body.resultInfo.code).toBe('LOGO_DIMENSIONS')
      const heavy = await upload(png(222, 222, true, 150_000))
      expect(heavy.status).toBe(413)
      expect(heavy.body.resultInfo.code).toBe('LOGO_TOO_LARGE')
      const huge = await upload(Buffer.alloc(1_200_000, 1))
      expect(huge.status).toBe(413)
      expect(huge.body.resultInfo.code).toBe('PAYLOAD_TOO_LARGE')
    })

    it('asks for the logo when the file part is missing or the body is not multipart', async () => {
      const missing = await multipart(t, '/v1/dpSignup/uploadLogo', token)
      expect(missing.body.resultInfo).toMatchObject({ code: 'LOGO_REQUIRED', message: 'サービスロゴをアップロードしてください' })
      const wrongField = await multipart(t, '/v1/dpSignup/uploadLogo', token, { bytes: png(10, 10), name: 'a.png', type: 'image/png' }, 'file')
      expect(wrongField.body.resultInfo.code).toBe('LOGO_REQUIRED')
      const json = await t.json('POST', '/v1/dpSignup/uploadLogo', { merchantLogoFile: 'x' }, bearer(token))
      expect(json.body.resultInfo.code).toBe('LOGO_REQUIRED')
      const broken = await t.app.request('/v1/dpSignup/uploadLogo', {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=zzz' },
        body: '--zzz\r\nContent-Disposition: form-data; name="merchantLogoFile"; filename="a.png"\r\n\r\nabc',
      })
      expect(broken.status).toBeLessThan(500)
    })

    it('needs a signed-in user, and a logo only serves its own owner at sign-up', async () => {
      expect((await multipart(t, '/v1/dpSignup/uploadLogo', undefined, { bytes: png(10, 10), name: 'a.png', type: 'image/png' })).status).toBe(401)
      const mine = await upload(png(10, 10))
      const other = await signUp(t)
      const res = await t.json(
        'POST',
        '/v1/dpSignup/signupProduct',
        { merchantName: 'x', logoDMSId: mine.body.data.logoDMSId, email: other.email, products: [1] },
        bearer(other.token),
      )
      expect(res.status).toBe(400)
      expect(res.body.data.issues[0].path).toBe('logoDMSId')
      expect((await t.json('GET', '/v1/dpSignup/logo/logo_AAAAAAAAAAAAAAAA')).status).toBe(404)
      expect(email).toBeTruthy()
    })
  })

  it('signupProduct refuses unknown products, another e-mail and anonymous callers, and reports each to analytics', async () => {
    const s = await signUp(t)
    const auth = bearer(s.token)
    const unknown = await t.json('POST', '/v1/dpSignup/signupProduct', { merchantName: 'x', logoDMSId: 'default', email: s.email, products: [99] }, auth)
    expect(unknown.status).toBe(400)
    expect(t.deps.analytics.recent().at(-1)).toMatchObject({ name: 'Merchant-creation', category: 'SignUp', label: 'INVALID_PARAMS' })
    const none = await t.json('POST', '/v1/dpSignup/signupProduct', { email: s.email, products: [] }, auth)
    expect(none.status).toBe(400)
    const other = await t.json('POST', '/v1/dpSignup/signupProduct', { merchantName: 'x', logoDMSId: 'default', email: uniqueEmail(), products: [1] }, auth)
    expect(other.status).toBe(403)
    expect(other.body.resultInfo.code).toBe('EMAIL_MISMATCH')
    expect(t.deps.analytics.recent().at(-1)).toMatchObject({ label: 'EMAIL_MISMATCH' })
    const anonymous = await t.json('POST', '/v1/dpSignup/signupProduct', { email: s.email, products: [1] })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.resultInfo.code).toBe('UNAUTHORIZED')
    expect((await t.json('GET', '/v1/dpSignup/products')).status).toBe(401)
    expect((await t.json('GET', '/v1/dpSignup/products?page=x', undefined, auth)).status).toBe(400)
  })

  it('salesforceActivate records one activation request per user (live mode: tests/server/devtools-account.test.ts)', async () => {
    const s = await signUpComplete(t)
    const first = await t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, bearer(s.token))
    expect(first.status).toBe(200)
    expect(first.body.data.status).toBe('ACTIVATED')
    t.deps.clock.advance(5_000)
    const second = await t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, bearer(s.token))
    expect(second.body.data.requested_at).toBe(first.body.data.requested_at)
    expect(second.body.data.live_merchant_id).toBe(first.body.data.live_merchant_id)
    expect((await t.json('POST', '/v1/dpSignup/salesforceActivate')).status).toBe(401)
  })
})
