import * as v from 'valibot'

/**
 * The typed block tree of site content (docs/content-format.md). The server parses Markdown into it, the portal
 * renders it and the search index reads it. Recursive nodes are declared as interfaces, their schemas with v.lazy.
 */

// ---------- inline marks ----------
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'delete'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'break' }
  | { type: 'image'; src: string; alt: string }
  /** `/path` links are internal (router navigation); anything else opens as an external link. */
  | { type: 'link'; href: string; internal: boolean; children: Inline[] }
  | { type: 'color'; value: string; children: Inline[] }
  | { type: 'highlight'; children: Inline[] }

/**
 * `v.lazy` calls its getter on every value it checks; each recursive schema below is therefore built once and
 * kept (building it per node made parsing a product page many times slower).
 */
function once<T>(build: () => v.GenericSchema<T>): () => v.GenericSchema<T> {
  let built: v.GenericSchema<T> | undefined
  return () => (built ??= build())
}

export const inlineSchema: v.GenericSchema<Inline> = v.lazy(
  once(() =>
    v.variant('type', [
      v.object({ type: v.literal('text'), value: v.string() }),
      v.object({ type: v.literal('strong'), children: v.array(inlineSchema) }),
      v.object({ type: v.literal('emphasis'), children: v.array(inlineSchema) }),
      v.object({ type: v.literal('delete'), children: v.array(inlineSchema) }),
      v.object({ type: v.literal('code'), value: v.string() }),
      v.object({ type: v.literal('break') }),
      v.object({ type: v.literal('image'), src: v.string(), alt: v.string() }),
      v.object({ type: v.literal('link'), href: v.string(), internal: v.boolean(), children: v.array(inlineSchema) }),
      v.object({ type: v.literal('color'), value: v.pipe(v.string(), v.regex(/^[a-z]+$|^#[0-9a-f]{3,8}$/i)), children: v.array(inlineSchema) }),
      v.object({ type: v.literal('highlight'), children: v.array(inlineSchema) }),
    ]),
  ),
)

// ---------- code ----------
/** Languages of the code tab bar (spec §2), in tab order. */
export const codeTabLanguages = ['python', 'nodejs', 'java', 'php'] as const
export type CodeTabLanguage = (typeof codeTabLanguages)[number]
/** The code-tab language a stored choice or a code block's language names, if it is one. */
export const codeTabLanguageOf = (value: string | null | undefined): CodeTabLanguage | undefined => codeTabLanguages.find((l) => l === value)
export const codeTabLabels: Record<CodeTabLanguage, string> = { python: 'Python', nodejs: 'NodeJs', java: 'Java', php: 'Php' }

/** One highlighted token: text and its colour (highlighting runs on the server; the portal ships no highlighter). */
export interface CodeToken {
  t: string
  c?: string
}
export const codeTokenSchema = v.object({ t: v.string(), c: v.optional(v.string()) })

export interface CodeVariant {
  language: string
  code: string
  lines: CodeToken[][]
}
export const codeVariantSchema = v.object({
  language: v.string(),
  code: v.string(),
  lines: v.array(v.array(codeTokenSchema)),
})

// ---------- blocks ----------
export interface ListItem {
  /** null: a plain item; true/false: a task-list item */
  checked: boolean | null
  children: Block[]
}
export interface Card {
  title: string
  /** A line icon of the portal's set (ui/icons.tsx) shown on the card. */
  icon?: string
  version?: string
  languages: string[]
  href: string
  description?: string
}
export interface ChecklistGuideStep {
  id: string
  title: string
  children: Block[]
}
export interface Tab {
  title: string
  children: Block[]
}

export const demoTypes = ['dynamicQr', 'appInvoke', 'nativePayment', 'webPayment'] as const
export type DemoType = (typeof demoTypes)[number]

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4 | 5; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  /** depth counts lists of the same kind around it: bullets and numbers cycle by depth (spec §2). */
  | { type: 'list'; ordered: boolean; start: number; depth: number; items: ListItem[] }
  | { type: 'table'; align: ('left' | 'right' | 'center' | null)[]; header: Inline[][]; rows: Inline[][][] }
  | { type: 'richTable'; header: Block[][]; rows: Block[][][] }
  | { type: 'code'; variants: CodeVariant[] }
  | { type: 'image'; src: string; alt: string }
  | { type: 'imageSlider'; images: { src: string; alt: string }[] }
  | { type: 'button'; href: string; internal: boolean; label: string }
  | { type: 'split'; image: string; alt: string; tag: 'mandatory' | 'optional' | null; children: Block[] }
  | { type: 'imageNote'; image: string; alt: string; children: Block[] }
  | { type: 'checklist'; items: { checked: boolean; children: Inline[] }[] }
  | { type: 'checklistGuide'; steps: ChecklistGuideStep[] }
  | { type: 'cards'; cards: Card[] }
  /** Key figures shown large (the home page's marketing figures, spec §1), with an optional footnote. */
  | { type: 'figures'; figures: { value: string; label: string }[]; note?: string }
  | { type: 'paymentDemo'; demoType: DemoType }
  | { type: 'tabs'; tabs: Tab[] }
  | { type: 'quote'; children: Block[] }

const inlines = v.array(inlineSchema)
const blocksLazy = (): v.GenericSchema<Block[]> => v.array(blockSchema)

export const blockSchema: v.GenericSchema<Block> = v.lazy(
  once(() =>
    v.variant('type', [
      v.object({
        type: v.literal('heading'),
        level: v.picklist([2, 3, 4, 5]),
        id: v.pipe(v.string(), v.minLength(1)),
        children: inlines,
      }),
      v.object({ type: v.literal('paragraph'), children: inlines }),
      v.object({
        type: v.literal('list'),
        ordered: v.boolean(),
        start: v.number(),
        depth: v.number(),
        items: v.array(v.object({ checked: v.nullable(v.boolean()), children: blocksLazy() })),
      }),
      v.object({
        type: v.literal('table'),
        align: v.array(v.nullable(v.picklist(['left', 'right', 'center']))),
        header: v.array(inlines),
        rows: v.array(v.array(inlines)),
      }),
      v.object({ type: v.literal('richTable'), header: v.array(blocksLazy()), rows: v.array(v.array(blocksLazy())) }),
      v.object({ type: v.literal('code'), variants: v.pipe(v.array(codeVariantSchema), v.minLength(1)) }),
      v.object({ type: v.literal('image'), src: v.string(), alt: v.string() }),
      v.object({ type: v.literal('imageSlider'), images: v.pipe(v.array(v.object({ src: v.string(), alt: v.string() })), v.minLength(1)) }),
      v.object({ type: v.literal('button'), href: v.pipe(v.string(), v.minLength(1)), internal: v.boolean(), label: v.string() }),
      v.object({
        type: v.literal('split'),
        image: v.pipe(v.string(), v.minLength(1)),
        alt: v.string(),
        tag: v.nullable(v.picklist(['mandatory', 'optional'])),
        children: blocksLazy(),
      }),
      v.object({ type: v.literal('imageNote'), image: v.pipe(v.string(), v.minLength(1)), alt: v.string(), children: blocksLazy() }),
      v.object({ type: v.literal('checklist'), items: v.array(v.object({ checked: v.boolean(), children: inlines })) }),
      v.object({
        type: v.literal('checklistGuide'),
        steps: v.array(v.object({ id: v.string(), title: v.string(), children: blocksLazy() })),
      }),
      v.object({
        type: v.literal('cards'),
        cards: v.array(
          v.object({
            title: v.pipe(v.string(), v.minLength(1)),
            icon: v.optional(v.string()),
            version: v.optional(v.string()),
            languages: v.array(v.string()),
            href: v.pipe(v.string(), v.minLength(1)),
            description: v.optional(v.string()),
          }),
        ),
      }),
      v.object({
        type: v.literal('figures'),
        figures: v.array(v.object({ value: v.pipe(v.string(), v.minLength(1)), label: v.pipe(v.string(), v.minLength(1)) })),
        note: v.optional(v.string()),
      }),
      v.object({ type: v.literal('paymentDemo'), demoType: v.picklist(demoTypes) }),
      v.object({ type: v.literal('tabs'), tabs: v.array(v.object({ title: v.string(), children: blocksLazy() })) }),
      v.object({ type: v.literal('quote'), children: blocksLazy() }),
    ]),
  ),
)

// ---------- pages ----------
export const pageTypes = ['openPaymentApi', 'miniappDocumentation', 'page', 'designSystem'] as const
export type PageType = (typeof pageTypes)[number]

export const tocEntrySchema = v.object({ id: v.string(), text: v.string(), level: v.picklist([2, 3]) })
export type TocEntry = v.InferOutput<typeof tocEntrySchema>

/** Optional extras some pages carry in front matter (webinar videos, SDK card of a product). */
export const videoSchema = v.object({
  title: v.string(),
  description: v.optional(v.string()),
  href: v.string(),
  date: v.optional(v.string()),
})
export type Video = v.InferOutput<typeof videoSchema>

/** Front matter of a content file (docs/content-format.md). Unknown keys are rejected so typos fail loudly. */
export const frontMatterSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.pipe(v.string(), v.minLength(1)),
  subTitle: v.optional(v.string()),
  hideTOC: v.optional(v.boolean(), false),
  protected: v.optional(v.boolean(), false),
  order: v.optional(v.number(), 1000),
  moreInfo: v.optional(v.string()),
  sdkTitle: v.optional(v.string()),
  sdkVersion: v.optional(v.string()),
  sdkLink: v.optional(v.string()),
  sdkDesc: v.optional(v.string()),
  sdkImage: v.optional(v.string()),
  videos: v.optional(v.array(videoSchema)),
})
export type FrontMatter = v.InferOutput<typeof frontMatterSchema>

export const pageSchema = v.object({
  type: v.picklist(pageTypes),
  slug: v.string(),
  /** content-API language: `jp` or `en` */
  __i18n_lang: v.picklist(['jp', 'en']),
  title: v.string(),
  description: v.string(),
  subTitle: v.optional(v.string()),
  hideTOC: v.boolean(),
  protected: v.boolean(),
  order: v.number(),
  moreInfo: v.optional(v.string()),
  sdkTitle: v.optional(v.string()),
  sdkVersion: v.optional(v.string()),
  sdkLink: v.optional(v.string()),
  sdkDesc: v.optional(v.string()),
  sdkImage: v.optional(v.string()),
  videos: v.optional(v.array(videoSchema)),
  toc: v.array(tocEntrySchema),
  sections: v.array(blockSchema),
})
export type Page = v.InferOutput<typeof pageSchema>

/** A page without its body, for lists (landing cards, style-guide index, search results). */
export const pageSummarySchema = v.object({
  type: v.picklist(pageTypes),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  order: v.number(),
  sdkTitle: v.optional(v.string()),
  sdkVersion: v.optional(v.string()),
  sdkLink: v.optional(v.string()),
})
export type PageSummary = v.InferOutput<typeof pageSummarySchema>

// ---------- menus (spec §3 menu item) ----------
export interface MenuItem {
  menuType: string
  title: string
  slug: { current: string }
  authMenuPath: boolean
  navigationType: 'internal' | 'external'
  externalLink?: string
  icon?: string
  toggleable: boolean
  menuItems: MenuItem[]
}
export const menuItemSchema: v.GenericSchema<MenuItem> = v.lazy(
  once(() =>
    v.object({
      menuType: v.string(),
      title: v.string(),
      slug: v.object({ current: v.string() }),
      authMenuPath: v.boolean(),
      navigationType: v.picklist(['internal', 'external']),
      externalLink: v.optional(v.string()),
      icon: v.optional(v.string()),
      toggleable: v.boolean(),
      menuItems: v.array(menuItemSchema),
    }),
  ),
)

// ---------- search ----------
export const searchResultSchema = v.object({
  title: v.string(),
  description: v.string(),
  /** route path without the leading slash, e.g. `products/docs/webpayment` */
  slug: v.string(),
})
export type SearchResult = v.InferOutput<typeof searchResultSchema>

/** Route path of a page: what search results and cards link to. */
export function pagePath(type: PageType, slug: string): string {
  switch (type) {
    case 'openPaymentApi':
      return slug === 'index' ? 'products/docs' : `products/docs/${slug}`
    case 'miniappDocumentation':
      return slug === 'index' ? 'miniapp/docs' : `miniapp/docs/${slug}`
    case 'designSystem':
      return `app-styleguide/${slug.replace('.', '/')}`
    case 'page':
      if (slug.startsWith('webinar-')) return `webinar/${slug.slice('webinar-'.length)}` // a session page (pages/webinar-<session>.md)
      return slug === 'home' ? '' : slug === 'products-mini-apps' ? 'products/mini-apps' : slug
  }
}

/** spec §2: an URL hash becomes a section id by lowercasing and turning spaces into hyphens. */
export function hashToId(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase().replace(/\s+/g, '-')
}

/** The style guide's fixed lists (spec §2 routes). */
export const styleguideGlobalRules = [
  'color',
  'philosophy',
  'icongraphy',
  'illustration',
  'interaction',
  'photo',
  'layout',
  'shadow',
  'shape',
  'typography',
  'transition',
] as const
export const styleguideComponents = [
  'balloon',
  'buttons',
  'expand',
  'cards',
  'halfsheets',
  'label',
  'selectioncontrols',
  'tab',
  'toast',
  'form',
  'header',
  'pagecontrols',
  'list',
  'slider',
] as const
