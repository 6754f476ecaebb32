import { ApiError } from '@/domain/errors.ts'
import { isRedirectAllowed } from '@/domain/settings.ts'
import type { Db } from '../../../store/db.ts'
import { dashboardRepo } from '../../../store/dashboard-repo.ts'

/**
 * Spec §5: a WEB_LINK `redirectUrl` must be HTTPS with its domain on the merchant's allowed list (Settings →
 * Configuration, `PATCH /dev/v1/configSettings/updateSettings`). Refused with the published 400
 * EXPECTATION_FAILED (08100017, "redirect domain not registered"). APP_DEEP_LINK redirects are not web URLs and
 * are not checked here. The rule itself is `isRedirectAllowed` in domain/settings.ts (docs/dashboard.md).
 */
export async function assertRedirectAllowed(db: Db, merchantId: string, input: { redirectUrl?: string; redirectType?: string }) {
  if (input.redirectUrl === undefined || input.redirectType === 'APP_DEEP_LINK') return
  const settings = await dashboardRepo(db).settingsOf(merchantId)
  if (!isRedirectAllowed(input.redirectUrl, settings?.redirectDomains ?? [])) throw new ApiError('EXPECTATION_FAILED')
}
