import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { setImmediate as nextTick } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { parse as parseYaml } from 'yaml'
import { type MenuItem, type Page, type PageSummary, type PageType } from '@/domain/content.ts'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'

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
  /** Hash of every content file and of the parser (the cache key below): changes whenever any content does. */
  version: string
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

interface ParsedContent {
  pages: Record<Lang, [string, LibraryPage][]>
  menus: Record<Lang, MenuItem[]>
}

/**
 * Parsing and highlighting every page takes seconds (much more on a busy machine), so the parsed content is kept in
 * a file keyed by a hash of every content file, the parser's own source and the highlighter's version: any change
 * to one of them misses the cache and parses again (docs/performance.md). A cache that cannot be read or written
 * is ignored.
 */
export const defaultCacheDir = fileURLToPath(new URL('../../../node_modules/.cache/paylab-content', import.meta.url))
const parserSources = ['library.ts', 'markdown.ts', 'highlight.ts', '../../domain/content.ts'].map((f) => fileURLToPath(new URL(f, import.meta.url)))
const keptCacheFiles = 6

function contentHash(root: string): string {
  const hash = createHash('sha256')
  hash.update(`shiki ${(createRequire(import.meta.url)('shiki/package.json') as { version: string }).version}\n`)
  for (const file of parserSources) hash.update(`${file}\n`).update(readFileSync(file))
  for (const lang of langs) {
    for (const path of walk(join(root, lang)).sort()) hash.update(`\n${relative(root, path)}\n`).update(readFileSync(path))
  }
  return hash.digest('hex')
}

function readCache(file: string): ParsedContent | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ParsedContent
  } catch {
    return undefined
  }
}

function writeCache(dir: string, file: string, content: ParsedContent) {
  try {
    mkdirSync(dir, { recursive: true })
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(content))
    renameSync(temp, file) // atomic: a concurrent reader sees the whole file or none
    const old = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
      .slice(keptCacheFiles)
    for (const { path } of old) rmSync(path, { force: true })
  } catch {
    // read-only or full disk: the next start parses again
  }
}

async function parseContent(root: string): Promise<ParsedContent> {
  // the parser and the highlighter (remark, shiki and its grammars) are loaded only when the cache misses
  const [{ prepareHighlighter }, { ContentError, parseDocument }] = await Promise.all([import('./highlight.ts'), import('./markdown.ts')])
  await prepareHighlighter()
  const parsed: ParsedContent = { pages: { ja: [], en: [] }, menus: { ja: [], en: [] } }
  for (const lang of langs) {
    const dir = join(root, lang)
    for (const path of walk(dir)) {
      const rel = relative(dir, path)
      const place = classify(rel)
      if (!place) continue
      const file = `${lang}/${rel.split(sep).join('/')}`
      await nextTick() // let the server answer other requests while content loads
      const doc = parseDocument(readFileSync(path, 'utf8'), file)
      const { videos, ...front } = doc.frontMatter
      parsed.pages[lang].push([
        key(place.type, place.slug),
        {
          ...front,
          ...(videos ? { videos } : {}),
          type: place.type,
          slug: place.slug,
          __i18n_lang: toStoredLang(lang),
          toc: doc.toc,
          sections: doc.blocks,
          text: doc.text,
          file,
        },
      ])
    }
    const menuFile = join(dir, 'site', 'left-menu.yaml')
    if (existsSync(menuFile)) {
      const menu = v.safeParse(v.array(menuInputSchema), parseYaml(readFileSync(menuFile, 'utf8')))
      if (!menu.success) {
        const issue = menu.issues[0]
        throw new ContentError(`${lang}/site/left-menu.yaml: ${v.getDotPath(issue!) ?? ''} ${issue?.message}`)
      }
      parsed.menus[lang] = menu.output
    }
  }
  return parsed
}

export async function loadLibrary(root = defaultContentRoot, { cacheDir = defaultCacheDir }: { cacheDir?: string | null } = {}): Promise<Library> {
  const version = contentHash(root)
  const cacheFile = cacheDir ? join(cacheDir, `${version}.json`) : undefined
  let content = cacheFile ? readCache(cacheFile) : undefined
  if (!content) {
    content = await parseContent(root)
    if (cacheDir && cacheFile) writeCache(cacheDir, cacheFile, content)
  }
  const byLang = new Map<Lang, Map<string, LibraryPage>>(langs.map((lang) => [lang, new Map(content.pages[lang])]))
  const menus = new Map<Lang, MenuItem[]>(langs.map((lang) => [lang, content.menus[lang]]))
  return {
    version,
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
