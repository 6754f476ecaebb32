import { expect, type APIRequestContext, type Page } from '@playwright/test'

const password = 'Portal#Test2026'
/** The device id the API-made accounts pass their first OTP on; a browser that uses it is a known device. */
export const knownDeviceId = 'pp4d-00000000-0000-4000-8000-0000000000aa'

/** The latest OTP the sandbox mailbox holds for an address (the mailbox lists the newest first). */
export async function latestOtp(request: APIRequestContext, email: string): Promise<string> {
  const mailbox = await request.get(`/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
  const mails: Array<{ otp?: string }> = (await mailbox.json()).data.mails
  const otp = mails.find((m) => m.otp)?.otp
  expect(otp, `an OTP mail to ${email}`).toBeTruthy()
  return otp!
}

/**
 * A real account made through the account API the way the sign-up page does (OTP read from the sandbox
 * mailbox, on `knownDeviceId`). `stage: 'verified'` stops after the OTP (status PENDING_UPLOAD_LOGO, sign-up
 * unfinished); `'developer'` also registers the merchant and products.
 */
export async function createAccountThroughApi(request: APIRequestContext, tag = 'e2e', stage: 'verified' | 'developer' = 'developer') {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paylab.example`
  const headers = { 'X-DEVICE-ID': knownDeviceId }
  const created = await request.post('/v1/dpSignup/createAccount', { headers, data: { email, password } })
  expect(created.ok(), await created.text()).toBe(true)
  const ref: string = (await created.json()).data.otp_reference_id
  const otp = await latestOtp(request, email)
  const validated = await request.post('/v1/dpSignup/validateOtp', { headers, data: { otp_reference_id: ref, otp, email } })
  const token: { access_token: string } = (await validated.json()).data.token
  if (stage === 'developer') {
    const registered = await request.post('/v1/dpSignup/signupProduct', {
      headers: { authorization: `Bearer ${token.access_token}` },
      data: { merchantName: 'Portal Cake Shop', logoDMSId: 'default', email, products: [1, 3] },
    })
    expect(registered.ok(), await registered.text()).toBe(true)
  }
  return { email, password, token }
}

/**
 * The page a test stores a sign-in from: the portal's icon, a document of the portal's origin (whose storage it
 * writes) that loads nothing else and logs nothing. A portal page would load and hydrate for nothing; a JSON answer
 * makes the browser ask for a /favicon.ico there is none of, a 404 in the console.
 */
export const signInDocument = '/favicon.svg'

/**
 * A real developer account (createAccountThroughApi) whose token is then stored as the sign-in flow stores it
 * (spec §3 `userLoginToken`). Leaves the page on `signInDocument`; the caller goes where it wants next.
 */

export async function signInThroughApi(page: Page, tag = 'e2e') {
  const { token } = await createAccountThroughApi(page.request, tag)
  await page.goto(signInDocument)
  await page.evaluate((stored) => localStorage.setItem('userLoginToken', JSON.stringify(stored)), token)
  return token
}
