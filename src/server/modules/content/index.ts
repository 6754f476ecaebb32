import { Hono } from 'hono'
import type { AppDeps } from '../../deps.ts'
import { contentRoutes } from './components.ts'
import { docsRoutes } from './docs.ts'
import { siteRoutes } from './site.ts'

/**
 * The content API (spec §7): `/dev/config/*` (site components, pages, search, site rules), webinar videos, the
 * design-system pages and the portal's analytics events.
 */
export function contentModule(deps: AppDeps) {
  const config = new Hono()
  contentRoutes(deps, config)
  const docs = docsRoutes(deps, config)
  const site = siteRoutes(deps, config)
  return { dev: { '/config': config, '/webinarVideos': docs.webinarVideos, '/designSystem': docs.designSystem, '/analytics': site.analytics } }
}
