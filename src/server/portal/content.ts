import { successInfo } from '@/domain/errors.ts'
import { Hono } from 'hono'
import * as v from 'valibot'
import { pickLang } from '@/domain/i18n.ts'
import { componentProviders } from '../content/components.ts'
import '../content/site-components.ts'
import type { AppDeps } from '../deps.ts'
import { parseOr400 } from '../validate.ts'

const componentsQuery = v.object({
  type: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.minLength(1), v.maxLength(20)),
  lang: v.optional(v.picklist(['jp', 'ja', 'en'])),
})

/** Content API of spec §7: site components (menus, footer, homepage, maintenance metadata …). */
export function contentRoutes(deps: AppDeps) {
  const app = new Hono()
  // GET /dev/config/v2/components?type=a&type=b&lang=jp → { data: { a: [...], b: [...] } }
  app.get('/dev/config/v2/components', async (c) => {
    const query = parseOr400(componentsQuery, { type: c.req.queries('type') ?? [], lang: c.req.query('lang') })
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
