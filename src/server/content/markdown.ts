import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import * as v from 'valibot'
import { parse as parseYaml } from 'yaml'
import {
  blockSchema,
  codeTabLanguages,
  frontMatterSchema,
  type Block,
  type CodeTabLanguage,
  type FrontMatter,
  type Inline,
  type ListItem,
  type TocEntry,
} from '@/domain/content.ts'
import { highlight } from './highlight.ts'
import { containerBlock } from './directives.ts'
import { ContentError, blocksText, collectToc, headingId, inlineText, type MdNode } from './markdown-text.ts'

export { ContentError }

/**
 * Markdown + front matter + directives → the typed block tree of `src/domain/content.ts`
 * (format: docs/content-format.md). Throws `ContentError` with a readable reason on anything it does not know,
 * so bad content fails loudly at load time instead of rendering half a page.
 */

export interface ParsedDocument {
  frontMatter: FrontMatter
  blocks: Block[]
  toc: TocEntry[]
  /** Plain text of the body, for the search index. */
  text: string
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkFrontmatter, ['yaml'])

function parseTree(source: string): MdNode {
  const tree: MdNode = processor.parse(source)
  return tree
}

const languageAliases: Record<string, CodeTabLanguage> = {
  python: 'python',
  py: 'python',
  nodejs: 'nodejs',
  node: 'nodejs',
  javascript: 'nodejs',
  js: 'nodejs',
  java: 'java',
  php: 'php',
}

class Converter {
  private readonly usedIds = new Set<string>()

  constructor(private readonly source: string) {}

  attr(node: MdNode, name: string, required = true): string {
    const value = node.attributes?.[name]
    if (typeof value === 'string' && value !== '') return value
    if (required) throw new ContentError(`line ${node.position?.start.line ?? '?'}: ::${node.name} needs ${name}="…"`)
    return ''
  }

  private uniqueId(id: string): string {
    let candidate = id
    for (let n = 2; this.usedIds.has(candidate); n++) candidate = `${id}-${n}`
    this.usedIds.add(candidate)
    return candidate
  }

  inlines(nodes: MdNode[] | undefined): Inline[] {
    const out: Inline[] = []
    for (const node of nodes ?? []) {
      switch (node.type) {
        case 'text':
          out.push({ type: 'text', value: node.value ?? '' })
          break
        case 'strong':
          out.push({ type: 'strong', children: this.inlines(node.children) })
          break
        case 'emphasis':
          out.push({ type: 'emphasis', children: this.inlines(node.children) })
          break
        case 'delete':
          out.push({ type: 'delete', children: this.inlines(node.children) })
          break
        case 'inlineCode':
          out.push({ type: 'code', value: node.value ?? '' })
          break
        case 'break':
          out.push({ type: 'break' })
          break
        case 'image':
          out.push({ type: 'image', src: node.url ?? '', alt: node.alt ?? '' })
          break
        case 'link': {
          const href = node.url ?? ''
          out.push({ type: 'link', href, internal: href.startsWith('/') || href.startsWith('#'), children: this.inlines(node.children) })
          break
        }
        case 'html':
          if (/^<br\s*\/?>$/i.test(node.value?.trim() ?? '')) out.push({ type: 'break' })
          break
        case 'textDirective':
          out.push(...this.textDirective(node))
          break
        case 'footnoteReference':
          break
        default:
          throw new ContentError(`line ${node.position?.start.line ?? '?'}: unsupported inline ${node.type}`)
      }
    }
    return out.reduce<Inline[]>((merged, node) => {
      const last = merged[merged.length - 1]
      if (node.type === 'text' && last?.type === 'text') last.value += node.value
      else merged.push(node)
      return merged
    }, [])
  }

  private textDirective(node: MdNode): Inline[] {
    const children = this.inlines(node.children)
    switch (node.name) {
      case 'color':
        return [{ type: 'color', value: this.attr(node, 'value'), children }]
      case 'highlight':
        return [{ type: 'highlight', children }]
      case 'internal': {
        const to = this.attr(node, 'to')
        return [{ type: 'link', href: to, internal: true, children }]
      }
      default: {
        // Not one of ours (e.g. "10:30", "Note:text"): keep what the author wrote.
        const start = node.position?.start.offset
        const end = node.position?.end.offset
        const raw = start !== undefined && end !== undefined ? this.source.slice(start, end) : `:${node.name ?? ''}${inlineText(children)}`
        return [{ type: 'text', value: raw }]
      }
    }
  }

  heading(node: MdNode): Extract<Block, { type: 'heading' }> {
    const children = this.inlines(node.children)
    let explicit: string | undefined
    const last = children[children.length - 1]
    if (last?.type === 'text') {
      const match = /\s*\{#([^}\s]+)\}\s*$/.exec(last.value)
      if (match) {
        explicit = match[1]
        last.value = last.value.slice(0, match.index)
        if (last.value === '') children.pop()
      }
    }
    const level = Math.min(Math.max(node.depth ?? 2, 2), 5) as 2 | 3 | 4 | 5
    const id = this.uniqueId(explicit ?? headingId(inlineText(children)))
    return { type: 'heading', level, id, children }
  }

  blocks(nodes: MdNode[] | undefined, listDepth = { ordered: 0, bullet: 0 }): Block[] {
    const out: Block[] = []
    const list = nodes ?? []
    for (let i = 0; i < list.length; i++) {
      const node = list[i]!
      if (node.type === 'code') {
        // Consecutive fences in tab languages form one block with a tab per language (spec §2 code tabs).
        const group = [node]
        const tabbed = languageAliases[node.lang?.toLowerCase() ?? '']
        while (tabbed && list[i + 1]?.type === 'code' && languageAliases[list[i + 1]!.lang?.toLowerCase() ?? '']) {
          group.push(list[++i]!)
        }
        out.push(this.code(group))
        continue
      }
      out.push(...this.block(node, listDepth))
    }
    return out
  }

  private code(nodes: MdNode[]): Block {
    const seen = new Set<string>()
    const variants = nodes.map((n) => {
      const raw = n.lang?.toLowerCase() ?? 'text'
      const language = languageAliases[raw] ?? raw
      if (seen.has(language)) throw new ContentError(`line ${n.position?.start.line}: two ${language} fences in one code block`)
      seen.add(language)
      const code = n.value ?? ''
      return { language, code, lines: highlight(code, language) }
    })
    if (variants.length > 1) {
      variants.sort((a, b) => codeTabLanguages.indexOf(a.language as CodeTabLanguage) - codeTabLanguages.indexOf(b.language as CodeTabLanguage))
    }
    return { type: 'code', variants }
  }

  private list(node: MdNode, depth: { ordered: number; bullet: number }): Block {
    const ordered = node.ordered === true
    const next = ordered ? { ...depth, ordered: depth.ordered + 1 } : { ...depth, bullet: depth.bullet + 1 }
    const items: ListItem[] = (node.children ?? []).map((item) => ({
      checked: item.checked ?? null,
      children: this.blocks(item.children, next),
    }))
    return { type: 'list', ordered, start: node.start ?? 1, depth: ordered ? depth.ordered : depth.bullet, items }
  }

  private block(node: MdNode, listDepth: { ordered: number; bullet: number }): Block[] {
    switch (node.type) {
      case 'yaml':
      case 'definition':
      case 'thematicBreak':
      case 'footnoteDefinition':
        return []
      case 'html':
        return []
      case 'heading':
        if ((node.depth ?? 2) === 1) throw new ContentError(`line ${node.position?.start.line}: use the front-matter title instead of "# "`)
        return [this.heading(node)]
      case 'paragraph': {
        const only = node.children?.length === 1 ? node.children[0] : undefined
        if (only?.type === 'image') return [{ type: 'image', src: only.url ?? '', alt: only.alt ?? '' }]
        return [{ type: 'paragraph', children: this.inlines(node.children) }]
      }
      case 'list':
        return [this.list(node, listDepth)]
      case 'table': {
        const [head, ...rows] = node.children ?? []
        return [
          {
            type: 'table',
            align: node.align ?? [],
            header: (head?.children ?? []).map((cell) => this.inlines(cell.children)),
            rows: rows.map((row) => (row.children ?? []).map((cell) => this.inlines(cell.children))),
          },
        ]
      }
      case 'blockquote':
        return [{ type: 'quote', children: this.blocks(node.children) }]
      case 'containerDirective':
        return [this.container(node)]
      case 'leafDirective':
        throw new ContentError(`line ${node.position?.start.line}: ::${node.name} is only allowed inside its container`)
      default:
        throw new ContentError(`line ${node.position?.start.line ?? '?'}: unsupported block ${node.type}`)
    }
  }

  childrenWithoutLabel(node: MdNode): MdNode[] {
    return (node.children ?? []).filter((c) => !(c.type === 'paragraph' && (c as { data?: { directiveLabel?: boolean } }).data?.directiveLabel))
  }

  /** A `:::name` container directive (directives.ts). */
  private container(node: MdNode): Block {
    return containerBlock(node, this)
  }

  /** A rich-table cell is re-read as Markdown with `<br>` as line breaks, so it may hold lists and code. */
  richCell(cell: MdNode): Block[] {
    const start = cell.position?.start.offset
    const end = cell.position?.end.offset
    if (start === undefined || end === undefined) return [{ type: 'paragraph', children: this.inlines(cell.children) }]
    const raw = this.source
      .slice(start, end)
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .replace(/\\\|/g, '|')
      .replace(/<br\s*\/?>/gi, '\n')
      .trim()
    return this.blocks(parseTree(raw).children)
  }
}

/** Parses one content file. `name` is only used in error messages. */
export function parseDocument(source: string, name = 'content'): ParsedDocument {
  try {
    const tree = parseTree(source)
    const yamlNode = tree.children?.find((n) => n.type === 'yaml')
    if (!yamlNode) throw new ContentError('missing front matter (--- title: … description: … ---)')
    let yaml: unknown
    try {
      yaml = parseYaml(yamlNode.value ?? '')
    } catch (error) {
      throw new ContentError(`front matter is not valid YAML (quote values that contain ": "): ${(error as Error).message.split('\n')[0]}`)
    }
    const fm = v.safeParse(frontMatterSchema, yaml)
    if (!fm.success) {
      throw new ContentError(`front matter: ${fm.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`)
    }
    const blocks = new Converter(source).blocks(tree.children)
    for (const block of blocks) {
      const checked = v.safeParse(blockSchema, block)
      if (!checked.success) throw new ContentError(`invalid ${block.type} block: ${checked.issues[0]?.message}`)
    }
    const toc = fm.output.hideTOC ? [] : collectToc(blocks)
    return { frontMatter: fm.output, blocks, toc, text: blocksText(blocks) }
  } catch (error) {
    if (error instanceof ContentError) throw new ContentError(`${name}: ${error.message}`)
    throw error
  }
}
