import * as v from 'valibot'
import { apiKeySummarySchema, userProfileSchema } from './account-api.ts'
import { boolString, testUserSchema } from './dashboard-api.ts'

/**
 * `GET /v1/dashboardHome` (issue 20, docs/dashboard.md "myhome in one request"): everything the signed-in dashboard
 * home shows, in one answer — the profile (header, credentials, live merchant), the keys of the mode's merchant and,
 * in test mode only, the sandbox test users (live mode has none: `test_users` is null). A card whose part failed on
 * the server carries its error code instead (`{ error_code }`), so the other cards still show.
 */

export const dashboardHomeQuery = v.object({ live_mode: v.optional(boolString, 'false') })

const cardFailure = v.object({ error_code: v.string() })

export const dashboardHomeData = v.object({
  profile: userProfileSchema,
  /** The mode answered: live only when asked for and the account has a live merchant. */
  live_mode: v.boolean(),
  /** The merchant of that mode (null before sign-up created one). */
  merchant_id: v.nullable(v.string()),
  keys: v.nullable(v.union([v.object({ keys: v.array(apiKeySummarySchema) }), cardFailure])),
  test_users: v.nullable(v.union([v.object({ test_users: v.array(testUserSchema) }), cardFailure])),
})
export type DashboardHome = v.InferOutput<typeof dashboardHomeData>
