import { successInfo } from '@/domain/errors.ts'
import { Hono } from 'hono'
import * as v from 'valibot'
import { pickLang } from '@/domain/i18n.ts'
import { maintenanceComponents } from '../../content/components.ts'
import { docsComponents } from '../../content/docs-components.ts'
import { siteComponents } from '../../content/site-components.ts'
import type { AppDeps } from '../../deps.ts'
import { queryIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'

const componentsQuery = v.object({
  // ?type=a&type=b: one value arrives as a string, several as an array
  type: v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())]), []),
    v.transform((type) => (typeof type === 'string' ? [type] : type)),
    v.array(v.pipe(v.string(), v.maxLength(100))),
    v.minLength(1),
    v.maxLength(20),
  ),
  lang: v.optional(v.picklist(['jp', 'ja', 'en'])),
})

/** Every component type the API serves, by type: the shell's, the site's and the documentation's. */
const componentProviders = new Map(Object.entries({ ...maintenanceComponents, ...siteComponents, ...docsComponents }))

/** Content API of spec §7: site components (menus, footer, homepage, maintenance metadata …). */
export function contentRoutes(deps: AppDeps, app = new Hono()) {
  // GET /dev/config/v2/components?type=a&type=b&lang=jp → { data: { a: [...], b: [...] } }
  const components = describe({
    tag: 'Content',
    summary: 'Site components by type (menus, footer, homepage, maintenance …), one list per type asked',
  })
  app.get('/v2/components', components, queryIn(componentsQuery), async (c) => {
    const query = c.req.valid('query')
    const lang = pickLang(query.lang === 'jp' ? 'ja' : query.lang)
    const data: Record<string, unknown[]> = {}
    for (const type of query.type) {
      const provider = componentProviders.get(type)
      data[type] = provider ? await provider(lang, deps) : []
    }
    return c.json({ resultInfo: successInfo(), data })
  })
  return app
}
