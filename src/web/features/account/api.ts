import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  createAccountData,
  otpRequiredData,
  productsPageData,
  resendOtpData,
  termsRequiredData,
  uploadLogoData,
  validateOtpData,
  authenticateData,
  signupProductData,
  newApiKeyData,
  type UserProfile,
} from '@/domain/account-api.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { call } from '@/web/lib/api-call.ts'
import { AccountFlowError } from '@machines/account-flow.ts'
import { accountKeys } from './keys.ts'

/**
 * Requests of the account feature (spec §7 Account). Every answer is `{resultInfo, data}`: SUCCESS gives the
 * parsed data, anything else rejects with an AccountFlowError carrying `resultInfo.code` (and `data`), which is
 * what the machines expect (`call`, web/lib/api-call.ts, shared with the dashboard).
 */

// ── sign-up ─────────────────────────────────────────────────────────────────────────────────────────────────
export const createAccount = (body: { email: string; password: string }) =>
  call('/v1/dpSignup/createAccount', createAccountData, { method: 'POST', body, device: true })

export const validateSignUpOtp = (body: { otp_reference_id: string; otp: string; email: string }) =>
  call('/v1/dpSignup/validateOtp', validateOtpData, { method: 'POST', body, device: true })

export const resendSignUpOtp = (otpReferenceId: string) => call(`/v1/dpSignup/resendOtp/${encodeURIComponent(otpReferenceId)}`, resendOtpData, { device: true })

export const fetchProducts = (page = 0) => call(`/v1/dpSignup/products?page=${page}`, productsPageData, { bearer: true })

export function uploadLogo(file: Blob) {
  const form = new FormData()
  form.append('merchantLogoFile', file)
  return call('/v1/dpSignup/uploadLogo', uploadLogoData, { method: 'POST', body: form, bearer: true, timeout: 'long' })
}

export const signupProduct = (body: { merchantName: string; logoDMSId: string; email: string; products: number[] }) =>
  call('/v1/dpSignup/signupProduct', signupProductData, { method: 'POST', body, bearer: true, timeout: 'long' })

// ── sign-in ─────────────────────────────────────────────────────────────────────────────────────────────────
export type AuthenticateBody =
  | { email: string; password: string }
  | { accepted_terms_and_condition: true; access_token: string; email: string; password: string }
  | { otp_reference_id: string; otp: string }

export const authenticate = (body: AuthenticateBody) => call('/v1/dpSignIn/authenticate', authenticateData, { method: 'POST', body, device: true })

export const resendSignInOtp = (otpReferenceId: string) => call(`/v1/dpSignIn/resendOtp/${encodeURIComponent(otpReferenceId)}`, resendOtpData, { device: true })

/** The data of a 040000020 answer (sign-in needs an OTP), if it is one. */
export function otpRequiredOf(error: unknown) {
  if (!(error instanceof AccountFlowError) || error.code !== '040000020') return null
  const parsed = v.safeParse(otpRequiredData, error.data)
  return parsed.success ? parsed.output : null
}

/** The data of a 040000018 answer (terms to accept), if it is one. */
export function termsRequiredOf(error: unknown) {
  if (!(error instanceof AccountFlowError) || error.code !== '040000018') return null
  const parsed = v.safeParse(termsRequiredData, error.data)
  return parsed.success ? parsed.output : null
}

export const requestPasswordReset = (email: string) => call('/v1/dpSignIn/passwordReset', v.unknown(), { method: 'POST', body: { email }, device: true })

export const confirmPasswordReset = (body: { token: string; password: string }) =>
  call('/v1/dpSignIn/passwordReset/confirm', v.unknown(), { method: 'POST', body, device: true })

/** spec §7: POST /v1/dpSignout/logout; spec §4: its errors are swallowed by the session. */
export const logout = (accessToken: string) =>
  call('/v1/dpSignout/logout', v.unknown(), { method: 'POST', body: { accessToken }, bearer: true, timeout: 'short' })

// ── API keys ────────────────────────────────────────────────────────────────────────────────────────────────
/** A new key pair for the merchant; the keys it already has stay active (docs/accounts.md). */
export const createApiKey = (merchantId: string) =>
  call(`/v1/d-panel/${encodeURIComponent(merchantId)}/apiKey`, newApiKeyData, { method: 'POST', bearer: true })

// ── profile ─────────────────────────────────────────────────────────────────────────────────────────────────
export { fetchUserProfile, profileQuery } from '@/web/lib/profile.ts'

/** spec §3 "Stored login account", with both spellings of each field. */
export function loginAccountOf(profile: UserProfile) {
  return {
    name: profile.email_id,
    uName: profile.email_id,
    key: profile.client_api_key,
    ckey: profile.client_api_key,
    secret: profile.client_api_secret,
    csecret: profile.client_api_secret,
    mName: profile.merchant_name,
    mid: profile.merchant_id,
    clogoUrl: profile.logo_url,
    cregdate: profile.registration_date,
    lmid: profile.live_merchant_id,
    user_id: profile.user_id,
  }
}
export type LoginAccount = ReturnType<typeof loginAccountOf>

const storedAccountSchema = v.object({
  uName: v.optional(v.nullable(v.string()), null),
  mName: v.optional(v.nullable(v.string()), null),
  mid: v.optional(v.nullable(v.string()), null),
  clogoUrl: v.optional(v.nullable(v.string()), null),
  user_id: v.optional(v.nullable(v.string()), null),
})

/** What LoginAccount holds for the header's profile menu (before the profile query answers). */
export function readStoredAccount(storage: Storage = localStorage) {
  try {
    const raw = storage.getItem(storageKeys.loginAccount)
    if (!raw) return null
    const parsed = v.safeParse(storedAccountSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export const productsQuery = () =>
  queryOptions({
    queryKey: accountKeys.products(),
    queryFn: () => fetchProducts(0),
    staleTime: 10 * 60_000,
  })
