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
  { kind: 'rule'; text: string; alternatives: Requirement[] } | { kind: 'group'; prelude: string; children: CssNode[] } | { kind: 'whole'; text: string }

/** What one selector of a rule's selector list needs the page to contain. */
interface Requirement {
  classes: string[]
  ids: string[]
  tags: string[]
  attributes: string[]
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
    else if (prelude.startsWith('@')) nodes.push({ kind: 'whole', text: css.slice(i, close + 1) })
    else nodes.push({ kind: 'rule', text: `${prelude}{${body}}`, alternatives: splitSelectors(prelude).map(requirementOf) })
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
  const attributes = [...s.matchAll(/\[\s*([\w-]+)/g)].map((m) => m[1]!.toLowerCase())
  s = s.replace(/\[[^\]]*\]/g, ' ')
  const classes = [...s.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
  const ids = [...s.matchAll(/#((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
  const tags = s
    .split(/[\s>+~]+/)
    .map((compound) => /^([a-zA-Z][\w-]*)/.exec(compound)?.[1]?.toLowerCase())
    .filter((tag): tag is string => tag !== undefined)
  return { classes, ids, tags, attributes }
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

function select(nodes: CssNode[], page: PageNames): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'whole') out += node.text
    else if (node.kind === 'rule') {
      if (node.alternatives.some((need) => met(need, page))) out += node.text
    } else {
      const inner = select(node.children, page)
      if (inner) out += `${node.prelude}{${inner}}`
    }
  }
  return out
}

/** Cuts `css` into rules once; the returned function answers the CSS a page's HTML uses, in the stylesheet's order. */
export function pageCss(css: string): (html: string) => string {
  const nodes = parse(css)
  return (html) => select(nodes, namesOf(html))
}
