import * as v from 'valibot'
import { signupProductRequest } from './account-api.ts'

/**
 * Changing the merchant's name and logo after sign-up (sign-up step 3 promises "You can change this later";
 * issue 20). The same rules as sign-up's step 3 (`signupProductRequest`): a name of at most 100 characters — empty
 * means the default 'Merchant Name' — and a logo uploaded through the sign-up upload (`/v1/dpSignup/uploadLogo`,
 * its own checks of type, size and dimensions), or `default` / null for none. A field left out is kept.
 */
export const updateMerchantProfileRequest = v.object({
  merchantName: v.optional(signupProductRequest.entries.merchantName.wrapped),
  logoDMSId: v.optional(signupProductRequest.entries.logoDMSId.wrapped),
})
export type UpdateMerchantProfileRequest = v.InferOutput<typeof updateMerchantProfileRequest>

export const merchantProfileData = v.object({
  merchant_name: v.string(),
  logo_url: v.nullable(v.string()),
})

/** PUT: the profile of every merchant of the signed-in developer (sandbox and live share one name and logo). */
export const merchantProfilePath = '/dev/v1/merchantProfile'
