import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { successInfo } from '@/domain/errors.ts'
import { analyticsEventSchema, type SiteConfig } from '@/domain/site.ts'
import type { AppDeps } from '../deps.ts'
import { jsonBody } from '../validate.ts'

const success = successInfo()

/**
 * Site plumbing for the portal shell:
 * - `GET /dev/config/site`: host rules (MINIAPPS_HOST, STYLEGUIDE_HOST), the passcode rule (only a SHA-256 of
 *   SITE_PASSCODE and the PASSCODE_PATHS it guards) and the error-report endpoint (ERROR_REPORT_URL).
 * - `POST /dev/analytics`: the portal's analytics events, forwarded to the analytics sink.
 */
export function siteRoutes(deps: AppDeps) {
  const app = new Hono()
  const { config } = deps
  const site: SiteConfig = {
    miniappsHost: config.miniappsHost ?? null,
    styleguideHost: config.styleguideHost ?? null,
    passcodeSha256: config.sitePasscode ? createHash('sha256').update(config.sitePasscode).digest('hex') : null,
    passcodePaths: config.sitePasscode ? config.passcodePaths : [],
    errorReportUrl: config.errorReportUrl ?? null,
  }

  app.get('/dev/config/site', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ resultInfo: success, data: site })
  })

  app.post('/dev/analytics', async (c) => {
    const event = await jsonBody(c, analyticsEventSchema)
    deps.analytics.track(event)
    return c.json({ resultInfo: success, data: null })
  })
  return app
}
