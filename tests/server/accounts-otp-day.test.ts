import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { otpAddressDay } from '../../src/server/modules/accounts/flows.ts'
import { accountRepo } from '../../src/server/store/account-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { deviceHeader, goodPassword, latestMail, newDevice, signUpComplete, uniqueEmail } from './accounts-helpers.ts'

/**
 * Issue 33: a stranger guessing one address's 4-digit one-time passwords gets at most `otpPerAddressPerDay` evaluated
 * guesses a day over every code, counted atomically; the lock that ends them is told to the owner by mail, with a
 * password link that lifts it, and password sign-in on a browser the owner used before is never locked by it
 * (docs/accounts.md "Attempt limits", "A lock a stranger triggers").
 */
const rules = limits.accounts
const perDay = rules.throttle.otpPerAddressPerDay
const wrongOtp = (otp: string) => String((Number(otp) + 1) % 10_000).padStart(4, '0')
const newPassword = 'N3w-secret!'

interface Reference {
  ref: string
  otp: string
  device: string
}

describe.each(storeKinds())('one-time passwords: a day of guesses per address [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  // the test clock only moves forward here: the counts of the test client (one peer address for every call) stay in order
  afterAll(() => t.close())

  /** The lock notice among the address's mails (the test clock stands still between moves: mails may share a time). */
  const noticeTo = async (email: string) => {
    const res = await t.json('GET', `/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
    const mails = res.body.data.mails as { subject: string; text: string; link: string | null }[]
    return mails.find((m) => m.subject.includes('Sign-in codes paused on your account'))
  }

  /**
   * `total` wrong guesses, at most four per reference (a fifth would end it), waiting out the 15-minute lock after
   * every `otpPerAddress` of them: the most a stranger gets through in a day.
   */
  async function burn(total: number, open: () => Promise<Reference>, guess: (r: Reference, otp: string) => Promise<string>) {
    const codes: string[] = []
    let current = await open()
    let onReference = 0
    for (let n = 1; n <= total; n++) {
      if (onReference === 4) {
        current = await open()
        onReference = 0
      }
      codes.push(await guess(current, wrongOtp(current.otp)))
      onReference++
      if (n % rules.throttle.otpPerAddress === 0) {
        // the 15-minute lock passes (and the code with it: a code lives 10 minutes)
        t.deps.clock.advance(rules.throttle.lockMs)
        onReference = 4
      }
    }
    return codes
  }

  it(`a stranger signing up with someone's address: ${perDay} guesses, then locked for the day; the owner is mailed a way in`, async () => {
    const email = uniqueEmail('day')
    const open = async (): Promise<Reference> => {
      const device = newDevice()
      const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
      expect(created.status).toBe(200)
      return { ref: created.body.data.otp_reference_id, otp: (await latestMail(t, email))!.otp!, device }
    }
    const validate = async (r: Reference, otp: string) =>
      (await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: r.ref, otp, email }, deviceHeader(r.device))).body.resultInfo.code as string
    {
      const codes = await burn(perDay, open, validate)
      // every guess was looked at (wrong code, or the last of a 15-minute window that locks it)
      expect(codes.filter((c) => c === 'INVALID_GRANT')).toHaveLength(perDay - perDay / rules.throttle.otpPerAddress)
      // the lock is told to the address, with a password link
      const notice = (await noticeTo(email))!
      expect(notice).toBeDefined()
      expect(notice.text).toContain(`${perDay} wrong one-time passwords`)
      expect(notice.text).toContain(`誤ったワンタイムパスワードが${perDay}回`)
      expect(notice.link).toMatch(/\/account\/resetPassword\?token=/)

      // the 15-minute lock is over, the day's is not: even the right code is not looked at
      const fresh = await open()
      const right = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: fresh.ref, otp: fresh.otp, email }, deviceHeader(fresh.device))
      expect([right.status, right.body.resultInfo.code]).toEqual([423, '01101007'])
      expect(right.body.data.retry_after_seconds).toBeGreaterThan(20 * 3600)

      // the way in: a new password from the link verifies the address and lifts the lock
      const token = new URL(notice.link!).searchParams.get('token')!
      const reset = await t.json('POST', '/v1/dpSignIn/passwordReset/confirm', { token, password: newPassword })
      expect(reset.body.resultInfo.code).toBe('SUCCESS')
      const device = newDevice()
      const asked = await t.json('POST', '/v1/dpSignIn/authenticate', { email, password: newPassword }, deviceHeader(device))
      expect(asked.body.resultInfo.code).toBe('040000020')
      const otp = (await latestMail(t, email))!.otp!
      const signedIn = await t.json('POST', '/v1/dpSignIn/authenticate', { otp_reference_id: asked.body.data.otp_reference_id, otp }, deviceHeader(device))
      expect(signedIn.body.resultInfo.code).toBe('SUCCESS')
      // and the stranger's sign-up is over: the address is taken
      const again = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(newDevice()))
      expect(again.body.resultInfo.code).toBe('040000019')
    }
  }, 300_000)

  it('someone holding the password and guessing sign-in codes: locked for the day, the owner signs in on a known browser and is told', async () => {
    const owner = await signUpComplete(t)
    const open = async (): Promise<Reference> => {
      const device = newDevice()
      const asked = await t.json('POST', '/v1/dpSignIn/authenticate', { email: owner.email, password: goodPassword }, deviceHeader(device))
      expect(asked.body.resultInfo.code).toBe('040000020')
      return { ref: asked.body.data.otp_reference_id, otp: (await latestMail(t, owner.email))!.otp!, device }
    }
    const submit = async (r: Reference, otp: string) =>
      (await t.json('POST', '/v1/dpSignIn/authenticate', { otp_reference_id: r.ref, otp }, deviceHeader(r.device))).body.resultInfo.code as string
    {
      await burn(perDay, open, submit)
      expect(await noticeTo(owner.email)).toBeDefined()
      const fresh = await open()
      expect(await submit(fresh, fresh.otp)).toBe('01101007')
      // the owner's browser (it passed a code before) needs no code: password sign-in keeps working
      const known = await t.json('POST', '/v1/dpSignIn/authenticate', { email: owner.email, password: goodPassword }, deviceHeader(owner.device))
      expect(known.body.resultInfo.code).toBe('SUCCESS')
      // a day after the last guess the codes work again
      t.deps.clock.advance(rules.throttle.dayMs)
      const later = await open()
      expect(await submit(later, later.otp)).toBe('SUCCESS')
    }
  }, 300_000)

  it(`${perDay * 2} guesses at once: exactly ${perDay} are let through, on one statement per guess`, async () => {
    const repo = accountRepo(t.deps.store.db)
    const key = uniqueEmail('race')
    const at = t.deps.clock.now()
    const rule = { max: perDay, windowMs: rules.throttle.dayMs, lockMs: rules.throttle.dayMs }
    const taken = await Promise.all(Array.from({ length: perDay * 2 }, () => repo.takeAttempt(otpAddressDay, key, at, rule)))
    const counts = taken.map((x) => x.attempts).sort((a, b) => a - b)
    expect(counts).toEqual(Array.from({ length: perDay * 2 }, (_, i) => i + 1))
    expect(counts.filter((n) => n <= perDay)).toHaveLength(perDay)
    expect(taken.find((x) => x.attempts === perDay)!.lockedUntil!.getTime()).toBe(at.getTime() + rules.throttle.dayMs)
  })

  it('the arithmetic of docs/accounts.md holds: at most 2 × N − 1 evaluated guesses in any 24 hours give under 1 %', () => {
    expect((2 * perDay - 1) / (10 ** limits.otpLength - (rules.otpMaxAttempts - 1))).toBeLessThan(0.01)
  })
})
