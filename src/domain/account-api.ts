import * as v from 'valibot'
import { testUserSchema } from './dashboard-api.ts'
import { passwordSchema, signInPasswordSchema, typedEmailSchema as emailSchema, typedOtpSchema as otpSchema } from './account-validation.ts'

/**
 * Payloads of the account API (spec §7 Account), shared by the server's handlers and the portal's client.
 * Requests are parsed on the server; responses are parsed by the portal (no `as` casts on network data).
 */

// ── common ────────────────────────────────────────────────────────────────────────────────────────────────
export const resultInfoSchema = v.object({
  code: v.string(),
  message: v.string(),
  codeId: v.string(),
  status: v.optional(v.string()),
})

/** `{resultInfo, data}`: the shape of every answer, success or error. */
export const envelope = <S extends v.GenericSchema>(data: S) => v.object({ resultInfo: resultInfoSchema, data })

export const errorEnvelopeSchema = v.object({ resultInfo: resultInfoSchema, data: v.unknown() })

/** Header carrying the portal's device id (`pp4d-<uuid>`, spec §3); a device not seen before asks for an OTP. */
export const deviceIdHeader = 'X-DEVICE-ID'
export const deviceIdSchema = v.pipe(v.string(), v.regex(/^pp4d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))

/** logoDMSId sent when the user skipped the logo (spec §4: Skip sets the logo to a default document id). */
export const defaultLogoId = 'default'

export const signupStatuses = ['PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION', 'COMPLETED'] as const
export type SignupStatus = (typeof signupStatuses)[number]
export const signupStatusSchema = v.picklist(signupStatuses)

const otpReferenceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/))

/** Token object of spec §3. */
export const tokenSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('bearer'),
  refresh_token: v.string(),
  expires_in: v.number(),
  scope: v.literal('REGULAR'),
})
export type Token = v.InferOutput<typeof tokenSchema>

// ── sign-up ───────────────────────────────────────────────────────────────────────────────────────────────
export const createAccountRequest = v.object({ email: emailSchema, password: passwordSchema })
export const createAccountData = v.object({ otp_reference_id: v.string(), email: v.string() })

export const validateOtpRequest = v.object({ otp_reference_id: otpReferenceIdSchema, otp: otpSchema, email: emailSchema })
export const validateOtpData = v.object({ token: tokenSchema, status: signupStatusSchema })

export const otpReferenceParams = v.object({ otpReferenceId: otpReferenceIdSchema })
/** Answer of both resend calls: the same reference, a fresh code, and when the next resend is allowed. */
export const resendOtpData = v.object({ otp_reference_id: v.string(), resend_after_seconds: v.number() })

export const productsQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), '0'),
})
export const productSchema = v.object({
  id: v.number(),
  model: v.string(),
  name: v.string(),
  nameJp: v.string(),
  description: v.string(),
  descriptionJp: v.string(),
  logo: v.string(),
  corporateOnly: v.boolean(),
})
export const productsPageData = v.object({
  content: v.array(productSchema),
  page: v.number(),
  size: v.number(),
  totalElements: v.number(),
  totalPages: v.number(),
  last: v.boolean(),
})

export const uploadLogoData = v.object({ logoDMSId: v.string(), logoUrl: v.string(), width: v.number(), height: v.number() })

export const signupProductRequest = v.object({
  merchantName: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100))), ''),
  logoDMSId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), defaultLogoId),
  email: emailSchema,
  products: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1), v.maxLength(20)),
})
export const signupProductData = v.object({
  merchant_id: v.string(),
  merchant_name: v.string(),
  logo_url: v.nullable(v.string()),
  products: v.array(v.string()),
  status: signupStatusSchema,
})

// ── sign-in ───────────────────────────────────────────────────────────────────────────────────────────────
export const signInPasswordRequest = v.object({ email: emailSchema, password: signInPasswordSchema })
/** Resubmission after the terms panel: access_token is the ticket the 040000018 answer carried. */
export const signInTermsRequest = v.object({
  accepted_terms_and_condition: v.literal(true),
  access_token: v.pipe(v.string(), v.minLength(16), v.maxLength(200)),
  email: emailSchema,
  password: signInPasswordSchema,
})
export const signInOtpRequest = v.object({ otp_reference_id: otpReferenceIdSchema, otp: otpSchema })
export const authenticateRequest = v.union([signInOtpRequest, signInTermsRequest, signInPasswordRequest])

/** SUCCESS answer of authenticate: the token object plus the sign-up status (PENDING_* continues sign-up at step 3). */
export const authenticateData = v.object({ ...tokenSchema.entries, status: signupStatusSchema })
/** data of 040000020: the OTP panel opens with this reference. */
export const otpRequiredData = v.object({ otp_reference_id: v.string(), resend_after_seconds: v.number() })
/** data of 040000018 at sign-in: the ticket to send back as access_token with accepted_terms_and_condition. */
export const termsRequiredData = v.object({ access_token: v.string(), expires_in: v.number() })
/** data of 01101007 and 01103101. */
export const retryAfterData = v.object({ retry_after_seconds: v.number() })

/** PayLab addition: trade a refresh token for a new token pair (the old pair ends). */
export const refreshRequest = v.object({ refresh_token: v.pipe(v.string(), v.minLength(16), v.maxLength(200)) })

export const logoutRequest = v.object({ accessToken: v.optional(v.pipe(v.string(), v.maxLength(200))) })

export const passwordResetRequest = v.object({ email: emailSchema })
export const passwordResetConfirmRequest = v.object({
  token: v.pipe(v.string(), v.minLength(16), v.maxLength(200)),
  password: passwordSchema,
})
/** Path of the portal page the reset e-mail links to (`?token=`). */
export const passwordResetPagePath = '/account/resetPassword'

// ── dashboard ─────────────────────────────────────────────────────────────────────────────────────────────
export const userProfileSchema = v.object({
  user_id: v.string(),
  email_id: v.string(),
  client_api_key: v.nullable(v.string()),
  client_api_secret: v.nullable(v.string()),
  merchant_id: v.nullable(v.string()),
  merchant_name: v.string(),
  logo_url: v.nullable(v.string()),
  registration_date: v.string(),
  live_merchant_id: v.nullable(v.string()),
  external_user_id: v.string(),
  products: v.array(v.string()),
  status: signupStatusSchema,
})
export type UserProfile = v.InferOutput<typeof userProfileSchema>

export const merchantUserSchema = v.object({
  user_id: v.string(),
  email_id: v.string(),
  role: v.literal('OWNER'),
  registration_date: v.string(),
})
/** `test_users`: the sandbox test users of the mode's merchant with their balances (docs/dashboard.md). */
export const merchantUsersData = v.object({
  merchant_id: v.nullable(v.string()),
  users: v.array(merchantUserSchema),
  test_users: v.array(testUserSchema),
})

export const dPanelRegisterData = v.object({ user_id: v.string(), merchant_id: v.nullable(v.string()), status: signupStatusSchema })

export const apiKeyParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,32}$/)) })
export const apiKeySummarySchema = v.object({
  api_key: v.string(),
  api_secret_hint: v.string(),
  created_at: v.string(),
  /** Last time the sandbox authenticated a request with the key (null: never). */
  last_used_at: v.nullable(v.string()),
})
export type ApiKeySummary = v.InferOutput<typeof apiKeySummarySchema>
export const apiKeyListData = v.object({ merchant_id: v.string(), keys: v.array(apiKeySummarySchema) })
/** The new-key screen: key id, secret (shown once here) and a download. */
export const newApiKeyData = v.object({ merchant_id: v.string(), api_key: v.string(), api_secret: v.string(), created_at: v.string() })
