import * as v from 'valibot'
import { demoLoadingPath } from './demo-api.ts'
import { authorizationScopesOf, productModels, type ProductModel } from './products.ts'

/**
 * "Link a test user" in the payment lab (docs/dashboard.md "Linking a test user"): the sandbox's own account-link flow
 * run with the developer's sandbox merchant — POST /v1/qr/sessions signed with their key, the wallet's consent page
 * in a dialog frame, the response token read (and verified with their secret) when the frame comes back to
 * `demoLoadingPath` — so the tabs that name a payer get a real userAuthorizationId. Machine:
 * machines/lab-link.machine.ts.
 */

/** The tabs whose calls name a payer (their product asks the payer for user-authorization scopes). */
export const labLinkModels: readonly ProductModel[] = productModels.filter((m) => authorizationScopesOf[m].length > 0)

/** Every scope those tabs need, asked once, so one link serves all four tabs. */
export const labLinkScopes: readonly string[] = [...new Set(labLinkModels.flatMap((m) => authorizationScopesOf[m]))]

/** The consent page returns here (a location containing 'loading', as the cake shop's); the lab reads its query. */
export const labLinkReturnPath = demoLoadingPath

/** `referenceId` of the lab's account-link sessions (spec §9 DEVELOPER-PANEL- family). */
export const labLinkReferencePrefix = 'DEVELOPER-PANEL-LINK-'

/** The issuer the sandbox puts on response tokens (docs/sandbox.md decision 8). */
export const responseTokenIssuer = 'paylab-sandbox'

/**
 * Why a link attempt or an unlink failed; the lab shows one message each (both languages).
 * - SESSION_FAILED: the sandbox refused to open a consent session (its code is shown too).
 * - REDIRECT_NOT_ALLOWED: 400 EXPECTATION_FAILED — the portal's address is not on the merchant's redirect domains.
 * - NETWORK: no answer at all.
 * - CONSENT_DECLINED: the test user pressed Cancel on the consent page.
 * - TOKEN_MISSING: the frame came back without a response token.
 * - TOKEN_INVALID: a token not signed with this merchant's key, for another key, expired, or of another attempt.
 * - UNLINK_FAILED: the sandbox did not revoke the authorization (the link is kept).
 */
export const labLinkAlerts = [
  'SESSION_FAILED',
  'REDIRECT_NOT_ALLOWED',
  'NETWORK',
  'CONSENT_DECLINED',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'UNLINK_FAILED',
] as const
export type LabLinkAlert = (typeof labLinkAlerts)[number]

/** What an actor of the link machine rejects with: the alert, and the sandbox's code when it answered one. */
export interface LabLinkFailure {
  alert: LabLinkAlert
  code?: string
}
export const labLinkFailure = (alert: LabLinkAlert, code?: string): LabLinkFailure => ({ alert, ...(code ? { code } : {}) })
export const isLabLinkFailure = (error: unknown): error is LabLinkFailure =>
  typeof error === 'object' && error !== null && (labLinkAlerts as readonly unknown[]).includes((error as LabLinkFailure).alert)

/** A linked test user as the lab shows and remembers it. */
export const labLinkSchema = v.object({
  userAuthorizationId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  /** The masked phone number the sandbox gives for the payer (`profileIdentifier`). */
  phoneNumber: v.pipe(v.string(), v.maxLength(64)),
  /** The test user who agreed, when the lab could tell (null: signed in as a user no longer listed). */
  username: v.nullable(v.pipe(v.string(), v.maxLength(64))),
})
export type LabLink = v.InferOutput<typeof labLinkSchema>

/** The response token's claims the lab reads (HS256 with the merchant's secret; docs/sandbox.md decision 8). */
export const responseTokenClaimsSchema = v.object({
  result: v.picklist(['succeeded', 'declined']),
  nonce: v.string(),
  userAuthorizationId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  profileIdentifier: v.optional(v.pipe(v.string(), v.maxLength(64))),
})

/** A masked phone-number-like identifier, stable per test user (the sandbox's `profileIdentifier`). */
export function profileIdentifierOf(testUserId: string): string {
  const digits = Array.from(new TextEncoder().encode(testUserId), (b) => String(b % 10)).join('')
  return `*******${digits.slice(-4)}`
}
