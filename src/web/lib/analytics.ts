import * as v from 'valibot'
import { analyticsEventSchema, type AnalyticsEventPayload } from '@/domain/site.ts'
import { http } from './http.ts'

const accepted = v.object({ resultInfo: v.object({ code: v.string() }) })

/**
 * The analytics sink of the portal (spec §7: e.g. 'Merchant-creation', category SignUp, with the result code).
 * Events go to `POST /dev/analytics`; a failure never disturbs the user's flow.
 */
export async function trackEvent(event: AnalyticsEventPayload): Promise<boolean> {
  const parsed = v.safeParse(analyticsEventSchema, event)
  if (!parsed.success) return false
  try {
    await http.post(accepted, '/dev/analytics', { body: parsed.output, timeout: 'short' })
    return true
  } catch {
    return false
  }
}
