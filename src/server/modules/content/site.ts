import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { successInfo } from '@/domain/errors.ts'
import { analyticsEventSchema, siteConfigSchema, type SiteConfig } from '@/domain/site.ts'
import type { AppDeps } from '../../deps.ts'
import { jsonIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'

const success = successInfo()

/**
 * Site plumbing for the portal shell:
 * - `GET /dev/config/site`: host rules (MINIAPPS_HOST, STYLEGUIDE_HOST), the passcode rule (only a SHA-256 of
 *   SITE_PASSCODE and the PASSCODE_PATHS it guards) and the error-report endpoint (ERROR_REPORT_URL).
 * - `POST /dev/analytics`: the portal's analytics events, forwarded to the analytics sink.
 */
export function siteRoutes(deps: AppDeps, configRoutes = new Hono()) {
  const analytics = new Hono()
  const { config } = deps
  const site: SiteConfig = {
    miniappsHost: config.miniappsHost ?? null,
    styleguideHost: config.styleguideHost ?? null,
    passcodeSha256: config.sitePasscode ? createHash('sha256').update(config.sitePasscode).digest('hex') : null,
    passcodePaths: config.sitePasscode ? config.passcodePaths : [],
    errorReportUrl: config.errorReportUrl ?? null,
  }

  const siteRules = describe({ tag: 'Content', summary: 'Site rules of the portal shell: hosts, passcode rule, error-report endpoint', data: siteConfigSchema })
  configRoutes.get('/site', siteRules, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ resultInfo: success, data: site })
  })

  analytics.post(
    '/',
    describe({ tag: 'Content', summary: "The portal's analytics events (forwarded to the analytics sink)" }),
    jsonIn(analyticsEventSchema),
    async (c) => {
      const event = c.req.valid('json')
      deps.analytics.track(event)
      return c.json({ resultInfo: success, data: null })
    },
  )
  return { config: configRoutes, analytics }
}
