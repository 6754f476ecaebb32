import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { deviceHeader, goodPassword, latestMail, newDevice, signUpComplete, uniqueEmail } from './accounts-helpers.ts'

// Finding 2: every createAccount (or sign-in) from a new device gave a fresh OTP reference with 5 tries, so an
// address could be verified by guessing. Finding 7: 40 parallel wrong passwords got 11 "wrong password"
// answers before the lock instead of the limit.
const rules = limits.accounts

/** `app.request` from a given peer address (the server reads it from the socket, never from a header). */
async function from(t: TestApp, address: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.request(
    path,
    { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: address } } },
  )
  return { status: res.status, body: (await res.json()) as any }
}

const wrongOtp = (otp: string) => String((Number(otp) + 1) % 10_000).padStart(4, '0')

describe.each(storeKinds())('attempt limits across references, devices and parallel requests [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it(`locks the address after ${rules.throttle.otpPerAddress} wrong sign-up OTPs over any number of references and devices`, async () => {
    const email = uniqueEmail('otp')
    let wrong = 0
    const codes: string[] = []
    while (wrong < rules.throttle.otpPerAddress) {
      const device = newDevice()
      const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
      expect(created.status).toBe(200)
      const ref = created.body.data.otp_reference_id as string
      const otp = (await latestMail(t, email))!.otp!
      for (let i = 0; i < rules.otpMaxAttempts - 1 && wrong < rules.throttle.otpPerAddress; i++, wrong++) {
        const res = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: ref, otp: wrongOtp(otp), email }, deviceHeader(device))
        codes.push(res.body.resultInfo.code)
      }
    }
    // the last allowed wrong try already answers "locked"
    expect(codes.slice(0, -1).every((code) => code === 'INVALID_GRANT')).toBe(true)
    expect(codes.at(-1)).toBe('01101007')
    // a fresh reference with the right code is refused too: the lock is on the address
    const device = newDevice()
    const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    const otp = (await latestMail(t, email))!.otp!
    const right = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: created.body.data.otp_reference_id, otp, email }, deviceHeader(device))
    expect(right.status).toBe(423)
    expect(right.body.resultInfo.code).toBe('01101007')
    expect(right.body.data.retry_after_seconds).toBeGreaterThan(0)
    // after the lock, the right code works again
    t.deps.clock.advance(rules.throttle.lockMs)
    const again = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
    const fresh = (await latestMail(t, email))!.otp!
    const ok = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: again.body.data.otp_reference_id, otp: fresh, email }, deviceHeader(device))
    expect(ok.body.resultInfo.code).toBe('SUCCESS')
    t.deps.clock.reset()
  })

  it('the sign-in second factor locks too', async () => {
    const s = await signUpComplete(t)
    const codes: string[] = []
    for (let n = 0; codes.length < rules.throttle.otpPerAddress; n++) {
      const device = newDevice()
      const asked = await t.json('POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(device))
      expect(asked.body.resultInfo.code).toBe('040000020')
      const ref = asked.body.data.otp_reference_id as string
      const otp = (await latestMail(t, s.email))!.otp!
      for (let i = 0; i < 3 && codes.length < rules.throttle.otpPerAddress; i++) {
        codes.push(
          (await t.json('POST', '/v1/dpSignIn/authenticate', { otp_reference_id: ref, otp: wrongOtp(otp) }, deviceHeader(device))).body.resultInfo.code,
        )
      }
    }
    expect(codes.at(-1)).toBe('01101007')
    const device = newDevice()
    const asked = await t.json('POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(device))
    const otp = (await latestMail(t, s.email))!.otp!
    const right = await t.json('POST', '/v1/dpSignIn/authenticate', { otp_reference_id: asked.body.data.otp_reference_id, otp }, deviceHeader(device))
    expect(right.body.resultInfo.code).toBe('01101007')
  })

  it(`40 parallel wrong passwords: exactly ${rules.loginMaxFailures - 1} "wrong password" answers, then locked, and the right password waits for the lock`, async () => {
    const s = await signUpComplete(t)
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.json('POST', '/v1/dpSignIn/authenticate', { email: s.email, password: 'Wr0ng-pass' }, deviceHeader(s.device))),
    )
    const codes = answers.map((a) => a.body.resultInfo.code as string)
    expect(codes.filter((c) => c === '01102004')).toHaveLength(rules.loginMaxFailures - 1)
    expect(codes.filter((c) => c === '01101007')).toHaveLength(40 - (rules.loginMaxFailures - 1))
    const right = await t.json('POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(s.device))
    expect(right.body.resultInfo.code).toBe('01101007')
    t.deps.clock.advance(rules.throttle.lockMs)
    expect((await t.json('POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(s.device))).body.resultInfo.code).toBe(
      'SUCCESS',
    )
    t.deps.clock.reset()
  })

  it(`one client gets ${rules.throttle.passwordPerClient} wrong passwords over any addresses, then is locked out; another client is not`, async () => {
    const s = await signUpComplete(t)
    const attacker = '203.0.113.7'
    const codes: string[] = []
    for (let i = 0; i < rules.throttle.passwordPerClient; i++) {
      codes.push(
        (await from(t, attacker, 'POST', '/v1/dpSignIn/authenticate', { email: uniqueEmail(`spray${i}`), password: 'Wr0ng-pass' })).body.resultInfo.code,
      )
    }
    expect(codes.every((c) => c === '040000002')).toBe(true)
    const blocked = await from(t, attacker, 'POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(s.device))
    expect([blocked.status, blocked.body.resultInfo.code]).toEqual([423, '01101007'])
    const other = await from(t, '198.51.100.9', 'POST', '/v1/dpSignIn/authenticate', { email: s.email, password: goodPassword }, deviceHeader(s.device))
    expect(other.body.resultInfo.code).toBe('SUCCESS')
  })
})
