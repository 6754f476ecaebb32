import { ApiError } from '@/domain/errors.ts'
import { pagePath } from '@/domain/content.ts'
import type { Lang } from '@/domain/i18n.ts'
import { library } from '../../../content/library.ts'
import { buildSearchIndex, type SearchIndex } from '../../../content/search.ts'

/** The docs for the commands and the MCP resources: the same library and index the portal's search uses. */
let index: Promise<SearchIndex> | undefined
const searchIndex = () => (index ??= library().then(buildSearchIndex))

export async function searchDocs(lang: Lang, query: string, limit = 10) {
  const hits = (await searchIndex()).search(lang, query, limit)
  return { query, results: hits.map((h) => ({ title: h.title, description: h.description, path: `/${h.slug}` })) }
}

/** Every page a reader can open (path, title), for the MCP resource list. */
export async function docPages(lang: Lang) {
  return (await library())
    .pages(lang)
    .filter((p) => !p.protected && !(p.type === 'page' && p.slug === 'home'))
    .map((p) => ({ path: `/${pagePath(p.type, p.slug)}`, title: p.title, description: p.description }))
}

/** A page's text by its portal path (`/products/docs/webhooks`); a page for signed-in developers only gives its summary. */
export async function readDoc(lang: Lang, path: string) {
  const wanted = path
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
  const page = (await library()).pages(lang).find((p) => pagePath(p.type, p.slug) === wanted)
  if (!page) throw new ApiError('RESOURCE_NOT_FOUND')
  return { path: `/${wanted}`, title: page.title, description: page.description, text: page.protected ? '' : page.text }
}
