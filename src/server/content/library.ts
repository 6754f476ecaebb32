import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { setImmediate as nextTick } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { parse as parseYaml } from 'yaml'
import { type MenuItem, type Page, type PageSummary, type PageType } from '@/domain/content.ts'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { prepareHighlighter } from './highlight.ts'
import { ContentError, parseDocument } from './markdown.ts'

/**
 * All site content, parsed once (both languages) and kept in memory. Any bad file stops the load with an error
 * naming the file, so broken content never reaches a visitor.
 */

export const defaultContentRoot = fileURLToPath(new URL('../../content', import.meta.url))
export const langs: readonly Lang[] = ['ja', 'en']

export interface LibraryPage extends Page {
  /** Plain text of the body, for the search index. */
  text: string
  /** The file it came from, relative to the content root. */
  file: string
}

export interface Library {
  page(lang: Lang, type: PageType, slug: string): LibraryPage | undefined
  pages(lang: Lang, type?: PageType): LibraryPage[]
  leftMenu(lang: Lang): MenuItem[]
}

const menuInputSchema: v.GenericSchema<unknown, MenuItem> = v.lazy(() =>
  v.pipe(
    v.object({
      menuType: v.optional(v.string(), 'link'),
      title: v.pipe(v.string(), v.minLength(1)),
      slug: v.optional(v.union([v.object({ current: v.string() }), v.string()])),
      authMenuPath: v.optional(v.boolean(), false),
      navigationType: v.optional(v.picklist(['internal', 'external'])),
      externalLink: v.optional(v.pipe(v.string(), v.url())),
      icon: v.optional(v.string()),
      toggleable: v.optional(v.boolean()),
      menuItems: v.optional(v.array(menuInputSchema), []),
    }),
    v.transform((item): MenuItem => {
      const current = typeof item.slug === 'string' ? item.slug : (item.slug?.current ?? '')
      return {
        menuType: item.menuType,
        title: item.title,
        slug: { current: current.replace(/^\/+|\/+$/g, '') },
        authMenuPath: item.authMenuPath,
        navigationType: item.navigationType ?? (item.externalLink ? 'external' : 'internal'),
        ...(item.externalLink ? { externalLink: item.externalLink } : {}),
        ...(item.icon ? { icon: item.icon } : {}),
        toggleable: item.toggleable ?? item.menuItems.length > 0,
        menuItems: item.menuItems,
      }
    }),
  ),
)

function walk(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Where a file lives decides its page type and slug (docs/content-format.md, "Paths and keys"). */
export function classify(relativePath: string): { type: PageType; slug: string } | undefined {
  const path = relativePath.split(sep).join('/')
  if (!path.endsWith('.md')) return undefined
  const bare = path.slice(0, -3)
  // `<dir>/index.md` is the page of `<dir>` itself; a top-level `index.md` is the section's landing (slug `index`).
  const slugAfter = (prefix: string) => bare.slice(prefix.length).replace(/\/index$/, '')
  if (bare.startsWith('products/docs/')) return { type: 'openPaymentApi', slug: slugAfter('products/docs/') }
  if (bare.startsWith('miniapp/docs/')) return { type: 'miniappDocumentation', slug: slugAfter('miniapp/docs/') }
  if (bare.startsWith('pages/')) return { type: 'page', slug: slugAfter('pages/') }
  if (bare.startsWith('styleguide/')) return { type: 'designSystem', slug: slugAfter('styleguide/').replace('/', '.') }
  return undefined
}

const key = (type: PageType, slug: string) => `${type}.${slug}`
const byOrder = (a: LibraryPage, b: LibraryPage) => a.order - b.order || a.slug.localeCompare(b.slug)

export async function loadLibrary(root = defaultContentRoot): Promise<Library> {
  await prepareHighlighter()
  const byLang = new Map<Lang, Map<string, LibraryPage>>()
  const menus = new Map<Lang, MenuItem[]>()
  for (const lang of langs) {
    const dir = join(root, lang)
    const pages = new Map<string, LibraryPage>()
    for (const path of walk(dir)) {
      const rel = relative(dir, path)
      const place = classify(rel)
      if (!place) continue
      const file = `${lang}/${rel.split(sep).join('/')}`
      await nextTick() // let the server answer other requests while content loads
      const doc = parseDocument(readFileSync(path, 'utf8'), file)
      const { videos, ...front } = doc.frontMatter
      pages.set(key(place.type, place.slug), {
        ...front,
        ...(videos ? { videos } : {}),
        type: place.type,
        slug: place.slug,
        __i18n_lang: toStoredLang(lang),
        toc: doc.toc,
        sections: doc.blocks,
        text: doc.text,
        file,
      })
    }
    byLang.set(lang, pages)
    const menuFile = join(dir, 'site', 'left-menu.yaml')
    if (existsSync(menuFile)) {
      const parsed = v.safeParse(v.array(menuInputSchema), parseYaml(readFileSync(menuFile, 'utf8')))
      if (!parsed.success) {
        const issue = parsed.issues[0]
        throw new ContentError(`${lang}/site/left-menu.yaml: ${v.getDotPath(issue!) ?? ''} ${issue?.message}`)
      }
      menus.set(lang, parsed.output)
    } else menus.set(lang, [])
  }
  return {
    page: (lang, type, slug) => byLang.get(lang)?.get(key(type, slug)),
    pages: (lang, type) => [...(byLang.get(lang)?.values() ?? [])].filter((p) => !type || p.type === type).sort(byOrder),
    leftMenu: (lang) => menus.get(lang) ?? [],
  }
}

let shared: Promise<Library> | undefined
/** The process-wide library (content is read-only at run time), loaded once. */
export function library(): Promise<Library> {
  shared ??= loadLibrary()
  return shared
}

export function summary(page: LibraryPage): PageSummary {
  return {
    type: page.type,
    slug: page.slug,
    title: page.title,
    description: page.description,
    order: page.order,
    ...(page.sdkTitle ? { sdkTitle: page.sdkTitle } : {}),
    ...(page.sdkVersion ? { sdkVersion: page.sdkVersion } : {}),
    ...(page.sdkLink ? { sdkLink: page.sdkLink } : {}),
  }
}

/** The page as the API serves it (without the file path and search text). */
export function publicPage(page: LibraryPage): Page {
  const { text: _text, file: _file, ...rest } = page
  return rest
}
