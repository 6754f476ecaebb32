import { expect, type Page } from '@playwright/test'

const password = 'Portal#Test2026'

/**
 * A real developer account, made through the account API the way the sign-up page does (OTP read from the
 * sandbox mailbox), whose token is then stored as the sign-in flow stores it (spec §3 `userLoginToken`).
 * Leaves the page on the 500 page of the portal's origin; the caller goes where it wants next.
 */
export async function signInThroughApi(page: Page, tag = 'e2e') {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paylab.example`
  const headers = { 'X-DEVICE-ID': 'pp4d-00000000-0000-4000-8000-0000000000aa' }
  const created = await page.request.post('/v1/dpSignup/createAccount', { headers, data: { email, password } })
  expect(created.ok(), await created.text()).toBe(true)
  const ref: string = (await created.json()).data.otp_reference_id
  const mailbox = await page.request.get(`/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
  const otp: string = (await mailbox.json()).data.mails[0].otp
  const validated = await page.request.post('/v1/dpSignup/validateOtp', { headers, data: { otp_reference_id: ref, otp, email } })
  const token = (await validated.json()).data.token
  const registered = await page.request.post('/v1/dpSignup/signupProduct', {
    headers: { authorization: `Bearer ${token.access_token}` },
    data: { merchantName: 'Portal Cake Shop', logoDMSId: 'default', email, products: [1, 3] },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  await page.goto('/internal-server-error')
  await page.evaluate((stored) => localStorage.setItem('userLoginToken', JSON.stringify(stored)), token)
  return token as { access_token: string }
}
