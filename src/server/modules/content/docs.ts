import { Hono } from 'hono'
import * as v from 'valibot'
import { pageSchema, pageSummarySchema, pageTypes, searchResultSchema } from '@/domain/content.ts'
import { ApiError, successInfo } from '@/domain/errors.ts'
import { pickLang, type Lang } from '@/domain/i18n.ts'
import { limits } from '@/domain/limits.ts'
import { normalizeTyped } from '@/domain/typed-input.ts'
import { TtlLruCache } from '../../content/cache.ts'
import { library, publicPage, summary } from '../../content/library.ts'
import { buildSearchIndex, type SearchIndex } from '../../content/search.ts'
import type { AppDeps } from '../../deps.ts'
import { queryIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'
import { optionalUser } from '../../http/bearer.ts'

const langParam = v.optional(v.picklist(['jp', 'ja', 'en']))
const toLang = (value: string | undefined): Lang => pickLang(value === 'jp' ? 'ja' : value)

const pageQuery = v.object({
  type: v.picklist(pageTypes),
  /** Without a slug the answer lists the pages of that type (summaries, in order). */
  slug: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[A-Za-z0-9_\-./]+$/))),
  lang: langParam,
})
// words as typed: full-width `ｑｒ` searches for qr (issue 20)
const searchQuery = v.object({
  searchText: v.pipe(
    v.string(),
    v.transform((text: string) => normalizeTyped(text)),
    v.maxLength(limits.searchMaxLength),
  ),
  lang: langParam,
})
const langQuery = v.object({ lang: langParam })

const ok = <T>(data: T) => ({ resultInfo: successInfo(), data })

let searchIndex: Promise<SearchIndex> | undefined
const search = () => (searchIndex ??= library().then(buildSearchIndex))

/**
 * Content API of spec §7: pages by slug, search, webinar videos and design-system pages.
 * Answers are cached (spec §9: 500 entries, 30 minutes) by path and query.
 */
export function docsRoutes(deps: AppDeps, config = new Hono()) {
  const webinarVideos = new Hono()
  const designSystem = new Hono()
  const cache = new TtlLruCache<unknown>(limits.contentCache.maxEntries, limits.contentCache.ttlMs, () => deps.clock.nowMs())
  // Content and its search index load on first use (a restart serves the API at once, issue 33); a broken content file
  // stops the build instead (scripts/build-server.ts parses all content, and `npm start` builds when content changed).
  const cached = (key: string, load: () => unknown) => cache.getOrLoad(key, load)

  const pages = describe({
    tag: 'Content',
    summary: 'One documentation page as a block tree (without slug: the list of pages of that type)',
    data: v.union([pageSchema, v.array(pageSummarySchema)]),
  })
  config.get('/pages', pages, queryIn(pageQuery), async (c) => {
    const q = c.req.valid('query')
    const lang = toLang(q.lang)
    const slug = q.slug
    if (slug === undefined) {
      return c.json(await cached(`pages:${q.type}:*:${lang}`, async () => ok((await library()).pages(lang, q.type).map(summary))))
    }
    const body = (await cached(`pages:${q.type}:${slug}:${lang}`, async () => {
      const page = (await library()).page(lang, q.type, slug.replace(/^\/+|\/+$/g, ''))
      return page ? ok(publicPage(page)) : null
    })) as ReturnType<typeof ok<ReturnType<typeof publicPage>>> | null
    if (!body) throw new ApiError('RESOURCE_NOT_FOUND')
    // spec §2 protected pages: their text goes to signed-in developers only. A visitor gets the title and
    // description (for the sign-in prompt); a token that no longer works answers 401 like every portal call.
    if (body.data.protected && !(await optionalUser(deps, c))) return c.json(ok({ ...body.data, sections: [], toc: [] }))
    return c.json(body)
  })

  const searching = describe({ tag: 'Content', summary: 'Search every page of one language', data: v.array(searchResultSchema) })
  config.get('/search', searching, queryIn(searchQuery), async (c) => {
    const q = c.req.valid('query')
    return c.json(ok((await search()).search(toLang(q.lang), q.searchText)))
  })

  const webinar = describe({ tag: 'Content', summary: 'Webinar videos and the webinar page' })
  webinarVideos.get('/content', webinar, queryIn(langQuery), async (c) => {
    const lang = toLang(c.req.valid('query').lang)
    return c.json(
      await cached(`webinar:${lang}`, async () => {
        const page = (await library()).page(lang, 'page', 'webinar')
        return ok({ videos: page?.videos ?? [], page: page ? publicPage(page) : null })
      }),
    )
  })

  designSystem.get('/content', describe({ tag: 'Content', summary: 'Style-guide pages', data: v.array(pageSummarySchema) }), queryIn(langQuery), async (c) => {
    const lang = toLang(c.req.valid('query').lang)
    return c.json(await cached(`designSystem:${lang}`, async () => ok((await library()).pages(lang, 'designSystem').map(summary))))
  })

  return { config, webinarVideos, designSystem }
}
