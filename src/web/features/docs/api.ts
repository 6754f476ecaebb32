import { hashKey, queryOptions, useQuery, useQueryClient, type FetchQueryOptions, type Query, type QueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react'
import * as v from 'valibot'
import { menuItemSchema, pageSchema, pageSummarySchema, videoSchema, type Page, type PageType, type TocEntry } from '@/domain/content.ts'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import type { PageMeta } from '@/web/lib/head.ts'
import { envelope, http } from '@/web/lib/http.ts'
import { quiet } from '@/web/lib/progress.ts'
import { getAccessToken, useSession } from '@/web/lib/session.tsx'
import { docsKeys, type Viewer } from './keys.ts'

/** The UI language drives the content language; a switch changes the key, so pages refetch (spec §2). */
export function useContentLang(): Lang {
  const { i18n } = useLingui()
  return i18n.locale === 'en' ? 'en' : 'ja'
}

/**
 * A page in one language. Signed in, the request carries the token so protected pages come with their text
 * (spec §2); signing in or out changes the key, so the page is asked for again.
 */
export const pageQuery = (type: PageType, slug: string, lang: Lang, viewer: Viewer = currentViewer()) =>
  queryOptions({
    queryKey: docsKeys.page(type, slug, lang, viewer),
    queryFn: async ({ signal }) =>
      (
        await http.get(envelope(pageSchema), '/dev/config/pages', {
          auth: viewer === 'member',
          signal,
          query: { type, slug, lang: toStoredLang(lang) },
        })
      ).data,
    retry: false,
    staleTime: 5 * 60_000,
    // document content is left out of the header's progress bar (spec §2)
    ...quiet,
  })

/** Who is asking, outside React (start-up prefetch, route loaders). */
const currentViewer = (): Viewer => (getAccessToken() ? 'member' : 'visitor')

/** Who is asking, in React: follows sign-in and sign-out. */
export function useViewer(): Viewer {
  return useSession().isSignedIn ? 'member' : 'visitor'
}

/**
 * A page's query in `lang` (the UI's by default), and `load`: asks for this page (this key, even while the query's
 * observer still follows the previous one) again, whatever its freshness — the blocks the server left out of a page's
 * hydration data come with it (`KeptBlocks`).
 */
export function usePage(type: PageType, slug: string, lang?: Lang) {
  const uiLang = useContentLang()
  const options = pageQuery(type, slug, lang ?? uiLang, useViewer())
  return { ...useQuery(options), load: useLoad(options) }
}

/** Fetches the query of `options` now and puts the answer in the cache (a failure is the query's error state). */
function useLoad<T, K extends readonly unknown[]>(options: FetchQueryOptions<T, Error, T, K>) {
  const queryClient = useQueryClient()
  return () => void queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => {})
}

/**
 * The page types whose blocks the browser takes from the server's markup instead of from the page's data
 * (`KeptBlocks`, components/kept-blocks.tsx; issue 19: a page carries its content once). The style guide's pages keep
 * their blocks in their data: it splits them between two places of its page.
 */
const keptTypes = new Set<PageType>(['openPaymentApi', 'miniappDocumentation', 'page'])

/** Marks a page whose `sections` were left out of the hydration data: its blocks are in the server's HTML. */
const keptMark = 'blocksInMarkup'

/** True when the page's blocks were left out of its data (the server's HTML shows them; `KeptBlocks` keeps that HTML). */
export const blocksKept = (page: Page) => keptMark in page

/** The queries whose data the server left out of this page's hydration data (the browser's: one page, one set). */
const keptQueries = new Set<string>()

/**
 * The server's hydration data carries no second copy of what the page's HTML shows (issue 19). Two options of the
 * query integration's dehydration (src/web/router.tsx):
 * - the side menu is left out (`sideMenuLeftOut`, its hash passed to the browser): `Sidebar` keeps its HTML, the
 *   breadcrumb reads its section from its own;
 * - a page of a kept type (`withoutKeptBlocks`) keeps its title and description and loses its `sections`, the bulk of
 *   it (57 of 60 KB on /products/docs/webpayment), which `KeptBlocks` keeps as HTML, and its table of contents, which
 *   the browser reads back from the page's HTML (`withKeptToc`).
 * The browser asks for them only when the reader uses a control among them, or navigates (the next page's loader).
 */
export const sideMenuLeftOut = (query: Query) => {
  const [scope, name, type] = query.queryKey
  return scope === docsKeys.all[0] && name === 'components' && type === 'leftMenu'
}

const isPage = (data: unknown): data is Page => typeof data === 'object' && data !== null && 'sections' in data && Array.isArray(data.sections)

/** The server, dehydrating a query's data (`serializeData`): a page of a kept type without its blocks and table of contents. */
export function withoutKeptBlocks(data: unknown): unknown {
  return isPage(data) && keptTypes.has(data.type) ? { ...data, sections: [], toc: [], [keptMark]: true } : data
}

/** The browser, hydrating: these queries' data were left out (`sideMenuLeftOut`); their components keep the server's HTML. */
export function keepOut(hashes: readonly string[]) {
  for (const hash of hashes) keptQueries.add(hash)
}

/**
 * The browser, hydrating a query's data (`deserializeData`): the table of contents of the page whose blocks the server
 * kept in its HTML (`withoutKeptBlocks`), read from the table the server drew (`TableOfContents`: an entry's level in
 * its class, its id in its link's fragment, its text the link's), so that the browser draws the same table. A document
 * shows one page, so one table. A page whose table was not drawn (hidden) gets an empty one, which it does not show
 * either.
 */
export function withKeptToc(data: unknown): unknown {
  if (!isPage(data) || !blocksKept(data) || typeof document === 'undefined') return data
  const toc = [...document.querySelectorAll('.doc-toc li')].flatMap((item): TocEntry[] => {
    const level = /doc-toc__item--h([23])/.exec(item.className)?.[1]
    const link = item.querySelector('a')
    const href = link?.getAttribute('href')
    return level && link && href?.startsWith('#') ? [{ id: href.slice(1), text: link.textContent ?? '', level: Number(level) as 2 | 3 }] : []
  })
  return { ...data, toc }
}

/** A docs route's slug from its splat (`/a/b/` → `a/b`). */
export const docSlug = (splat: string | undefined) => (splat ?? '').replace(/^\/+|\/+$/g, '')

/**
 * A content page's title and description for its `<title>` and description meta (route loaders: the page's own
 * query, so the page and its head read the same answer). Null when the page has none (its component routes the error).
 */
export async function pageMetaOf(queryClient: QueryClient, type: PageType, slug: string, lang: Lang): Promise<PageMeta | null> {
  const page = await queryClient.ensureQueryData(pageQuery(type, slug, lang)).catch(() => null)
  return page && { title: page.title, description: page.description }
}

const productCardSchema = v.object({ ...pageSummarySchema.entries, path: v.string() })
export type ProductCard = v.InferOutput<typeof productCardSchema>

const componentSchemas = {
  leftMenu: v.array(menuItemSchema),
  products: v.array(productCardSchema),
  miniapp: v.array(productCardSchema),
}

const componentQuery = <K extends keyof typeof componentSchemas>(type: K, lang: Lang) =>
  queryOptions({
    queryKey: docsKeys.components(type, lang),
    queryFn: async ({ signal }) => {
      const schema = envelope(v.object({ [type]: componentSchemas[type] }))
      const answer = await http.get(schema, '/dev/config/v2/components', { signal, query: { type, lang: toStoredLang(lang) } })
      return answer.data[type] as v.InferOutput<(typeof componentSchemas)[K]>
    },
    staleTime: 5 * 60_000,
    ...quiet,
  })

/**
 * A component of the content (the side menu). `kept`: the server left its data out of the page's hydration data
 * (`sideMenuLeftOut`) and none has come since: its component keeps the server's HTML, and the query waits to be asked
 * (`load`).
 */
export function useComponent<K extends keyof typeof componentSchemas>(type: K) {
  const options = componentQuery(type, useContentLang())
  const kept = keptQueries.has(hashKey(options.queryKey))
  const query = useQuery({ ...options, enabled: !kept })
  return { ...query, kept: kept && query.data === undefined, load: useLoad(options) }
}

/** Loader of a stand-alone content page (`pages/<name>.md`): starts its content, resolves to its head's meta. */
export function loadContentPage(queryClient: QueryClient, name: string, lang: Lang): Promise<PageMeta | null> {
  return pageMetaOf(queryClient, 'page', name, lang)
}

/** Loader of a documentation route: its content and side menu side by side; resolves to its head's title and description. */
export async function loadDocPage(queryClient: QueryClient, type: PageType, slug: string, lang: Lang): Promise<PageMeta | null> {
  const [meta] = await Promise.all([pageMetaOf(queryClient, type, slug, lang), queryClient.prefetchQuery(componentQuery('leftMenu', lang))])
  return meta
}

const webinarVideosQuery = (lang: Lang) =>
  queryOptions({
    queryKey: docsKeys.webinar(lang),
    queryFn: async ({ signal }) =>
      (await http.get(envelope(v.object({ videos: v.array(videoSchema) })), '/dev/webinarVideos/content', { signal, query: { lang: toStoredLang(lang) } })).data
        .videos,
    ...quiet,
  })

export function useWebinarVideos() {
  return useQuery(webinarVideosQuery(useContentLang()))
}

/** Loader of the webinar page: its text and its videos; resolves to its head's meta. */
export async function loadWebinarPage(queryClient: QueryClient, lang: Lang): Promise<PageMeta | null> {
  const [meta] = await Promise.all([pageMetaOf(queryClient, 'page', 'webinar', lang), queryClient.prefetchQuery(webinarVideosQuery(lang))])
  return meta
}

/** Loader of a style-guide page: its text (content type designSystem), which the page draws with the docs' blocks. */
export function loadGuideText(queryClient: QueryClient, slug: string, lang: Lang): Promise<void> {
  return queryClient.prefetchQuery(pageQuery('designSystem', slug, lang))
}

export function useDesignSystemPages() {
  const lang = useContentLang()
  return useQuery({
    queryKey: docsKeys.designSystem(lang),
    queryFn: async ({ signal }) =>
      (await http.get(envelope(v.array(pageSummarySchema)), '/dev/designSystem/content', { signal, query: { lang: toStoredLang(lang) } })).data,
    ...quiet,
  })
}
