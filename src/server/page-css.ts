/**
 * The CSS a server-rendered page uses (issue 19): the build's one stylesheet cut into its rules once, and for each
 * page only the rules whose selectors can match an element of the page's HTML. The page inlines those (its first
 * paint needs nothing else); the whole stylesheet follows after the first paint (src/server/web.ts `entryLoader`), for
 * what the page shows once it runs (states set by scripts, other routes, dialogs).
 *
 * The match is deliberately generous: a selector is kept when every class, id, element name and attribute name it
 * requires outside functional pseudo-classes (`:not()`, `:is()`, `:has()`, …) occurs somewhere in the HTML. A rule it
 * keeps needlessly costs a few bytes; a rule it dropped wrongly would change the page when the whole sheet arrives
 * (tests/e2e/server-rendering.spec.ts measures that no layout shift happens).
 */

/** A rule of the stylesheet, or an at-rule holding rules (`@media`), or an at-rule kept whole (`@keyframes`, `@font-face`). */
type CssNode =
  | { kind: 'rule'; text: string; selectors: string[]; body: string; alternatives: Requirement[] }
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'whole'; text: string; keyframes?: string }

/** What one selector of a rule's selector list needs the page to contain. */
interface Requirement {
  classes: string[]
  ids: string[]
  tags: string[]
  attributes: string[]
  /** The selector matches only under the pointer (`:hover` outside functional pseudo-classes). */
  hover: boolean
}

/** The names a page's HTML contains, read with regular expressions (a superset: text that looks like markup counts too). */
interface PageNames {
  classes: Set<string>
  ids: Set<string>
  tags: Set<string>
  attributes: Set<string>
}

/** The index of the brace closing the block opened at `open`, skipping strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    const c = css[i]
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1)
      i = end < 0 ? css.length : end
    } else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return css.length - 1
}

function parse(css: string): CssNode[] {
  const nodes: CssNode[] = []
  let i = 0
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 2
      continue
    }
    const open = css.indexOf('{', i)
    if (open < 0) break
    const semicolon = css.indexOf(';', i)
    // a statement at-rule (`@charset`, `@import`, `@layer a, b;`) before the next block
    if (css[i] === '@' && semicolon >= 0 && semicolon < open) {
      nodes.push({ kind: 'whole', text: css.slice(i, semicolon + 1) })
      i = semicolon + 1
      continue
    }
    const close = closingBrace(css, open)
    const prelude = css.slice(i, open).trim()
    const body = css.slice(open + 1, close)
    if (/^@(media|supports|layer|container)\b/.test(prelude)) nodes.push({ kind: 'group', prelude, children: parse(body) })
    else if (prelude.startsWith('@'))
      nodes.push({ kind: 'whole', text: css.slice(i, close + 1), keyframes: /^@(?:-webkit-)?keyframes\s+(\S+)/.exec(prelude)?.[1] })
    else {
      const selectors = splitSelectors(prelude)
      nodes.push({ kind: 'rule', text: `${prelude}{${body}}`, selectors, body, alternatives: selectors.map(requirementOf) })
    }
    i = close + 1
  }
  return nodes
}

/** A selector list's selectors (commas inside parentheses or brackets belong to their selector). */
function splitSelectors(list: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const c = list[i]
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i))
      start = i + 1
    }
  }
  out.push(list.slice(start))
  return out
}

function requirementOf(selector: string): Requirement {
  let s = selector.replace(/"[^"]*"|'[^']*'/g, '""')
  // what a functional pseudo-class asks (`:not(.x)`, `:is(a, b)`, `:nth-child(2n)`) is not required of the page
  while (/\([^()]*\)/.test(s)) s = s.replace(/\([^()]*\)/g, '')
  const hover = /:hover\b/.test(s)
  const attributes = [...s.matchAll(/\[\s*([\w-]+)/g)].map((m) => m[1]!.toLowerCase())
  s = s.replace(/\[[^\]]*\]/g, ' ')
  const classes = [...s.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
  const ids = [...s.matchAll(/#((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
  const tags = s
    .split(/[\s>+~]+/)
    .map((compound) => /^([a-zA-Z][\w-]*)/.exec(compound)?.[1]?.toLowerCase())
    .filter((tag): tag is string => tag !== undefined)
  return { classes, ids, tags, attributes, hover }
}

function namesOf(html: string): PageNames {
  const classes = new Set<string>()
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of m[1]!.split(/\s+/)) if (name) classes.add(name)
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!))
  const tags = new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()))
  const attributes = new Set([...html.matchAll(/\s([a-zA-Z][\w:.-]*)(?==|\s|\/?>)/g)].map((m) => m[1]!.toLowerCase()))
  return { classes, ids, tags, attributes }
}

const met = (need: Requirement, page: PageNames) =>
  need.classes.every((c) => page.classes.has(c)) &&
  need.ids.every((id) => page.ids.has(id)) &&
  need.tags.every((tag) => page.tags.has(tag)) &&
  need.attributes.every((a) => page.attributes.has(a))

/** How the selected CSS is written: as the stylesheet has it, or `trim`med (`pageCss`). */
interface SelectOptions {
  trim: boolean
}

function select(nodes: CssNode[], page: PageNames, options: SelectOptions): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'whole') out += options.trim && node.keyframes !== undefined ? `\u0000${node.keyframes}\u0000${node.text}\u0000` : node.text
    else if (node.kind === 'rule') {
      const matching = node.alternatives.map((need) => met(need, page) && !(options.trim && need.hover))
      if (!matching.some(Boolean)) continue
      // a selector list loses the selectors the page cannot match (not when one is vendor-prefixed: a browser drops a
      // whole list with a selector it does not know, and dropping that selector would make the rest apply there)
      const prunable = options.trim && !matching.every(Boolean) && !node.selectors.some((selector) => /:-/.test(selector))
      out += prunable ? `${node.selectors.filter((_, i) => matching[i]).join(',')}{${node.body}}` : node.text
    } else {
      const inner = select(node.children, page, options)
      if (inner) out += `${node.prelude}{${inner}}`
    }
  }
  return out
}

/**
 * The custom properties of the stylesheet's top-level `:root` rule that are declared nowhere else (not in a media
 * query, not on another selector): their value is the same on every element of every page.
 */
function constantProperties(nodes: CssNode[], css: string): Map<string, string> {
  const root = nodes.find(
    (node): node is Extract<CssNode, { kind: 'rule' }> => node.kind === 'rule' && node.selectors.length === 1 && node.selectors[0]!.trim() === ':root',
  )
  const constants = new Map<string, string>()
  if (!root) return constants
  for (const declaration of root.body.split(/;(?=\s*--)/)) {
    const m = /^\s*(--[\w-]+)\s*:([\s\S]*?);?\s*$/.exec(declaration)
    if (!m || m[2]!.includes('var(') || m[2]!.includes('!important')) continue
    const declared = css.split(`${m[1]}:`).length - 1
    if (declared === 1) constants.set(m[1]!, m[2]!.trim())
  }
  return constants
}

/**
 * Cuts `css` into rules once; the returned function answers the CSS a page's HTML uses, in the stylesheet's order.
 *
 * `trim` (what the server inlines; issue 19: the document's size) also writes the selection shorter without changing
 * what the page shows before the whole stylesheet comes, nor after (the whole sheet's rules, later in the document and
 * alike in specificity, replace every inlined declaration):
 * - a selector list keeps only the selectors the page can match, less those that apply only under the pointer
 *   (`:hover`: the first paint has none, and the whole sheet brings them right after it);
 * - a `@keyframes` is kept only when a kept rule names it;
 * - `var(--x)` of a custom property the stylesheet declares once, in `:root`, is written as its value (`:root` itself is
 *   kept whole: the page's HTML and its scripts read properties too); not when the page's HTML sets that property.
 */
export function pageCss(css: string, { trim = false }: { trim?: boolean } = {}): (html: string) => string {
  const nodes = parse(css)
  const constants = trim ? constantProperties(nodes, css) : new Map<string, string>()
  return (html) => {
    const selected = select(nodes, namesOf(html), { trim })
    if (!trim) return selected
    const rules = selected.replace(/\u0000[^\u0000]*\u0000[^\u0000]*\u0000/g, '')
    const animated = new Set([...rules.matchAll(/animation(?:-name)?\s*:([^;}]*)/g)].flatMap((m) => m[1]!.split(/[\s,]+/)))
    const withKeyframes = selected.replace(/\u0000([^\u0000]*)\u0000([^\u0000]*)\u0000/g, (_, name: string, text: string) => (animated.has(name) ? text : ''))
    return withKeyframes.replace(/(:root\{[^}]*\})|var\((--[\w-]+)\)/g, (whole, root: string | undefined, name: string | undefined) => {
      if (root !== undefined || name === undefined) return whole
      const value = constants.get(name)
      return value === undefined || html.includes(`${name}:`) ? whole : value
    })
  }
}
