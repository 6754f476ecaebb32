import { limits } from './limits.ts'
import * as v from 'valibot'
import { emailSchema } from './account-validation.ts'

/**
 * The mini-app request form (issue 20; the Request form page of the mini-app docs). The same schema checks the
 * portal's form and the server's handler; issues carry the field's name, the portal shows its own text per field.
 */
export const miniappFeatures = ['payment', 'topup', 'direct_debit', 'preauth', 'notifications'] as const
export type MiniappFeature = (typeof miniappFeatures)[number]

export const miniappRequestLimits = { company: 200, contactName: 100, serviceMin: 20, serviceMax: 2000 } as const

const text = (min: number, max: number) => v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max))

export const miniappRequestSchema = v.object({
  company: text(1, miniappRequestLimits.company),
  contactName: text(1, miniappRequestLimits.contactName),
  email: emailSchema,
  service: text(miniappRequestLimits.serviceMin, miniappRequestLimits.serviceMax),
  features: v.pipe(v.array(v.picklist(miniappFeatures)), v.minLength(1), v.maxLength(miniappFeatures.length)),
  /** The policy and guidelines were read (the page's "Before you apply"). */
  agreed: v.literal(true),
  lang: v.optional(v.picklist(['ja', 'en']), 'ja'),
})
export type MiniappRequest = v.InferOutput<typeof miniappRequestSchema>
export type MiniappRequestField = Exclude<keyof MiniappRequest, 'lang'>

/** The fields a request fails on (empty when it can be sent). */
export function miniappRequestProblems(input: unknown): MiniappRequestField[] {
  const parsed = v.safeParse(miniappRequestSchema, input)
  if (parsed.success) return []
  return [...new Set(parsed.issues.map((i) => String(i.path?.[0]?.key ?? '')).filter(Boolean))] as MiniappRequestField[]
}

export const miniappRequestsPath = '/dev/v1/miniappRequests'

/** At most this many requests from one address and from one client per window (then 429 RATE_LIMIT). */
export const miniappRequestRules = limits.requestMails
