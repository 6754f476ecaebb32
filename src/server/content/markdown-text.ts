import type { Block, Inline, TocEntry } from '@/domain/content.ts'

/**
 * The Markdown parser's shared pieces (markdown.ts, directives.ts): the error it throws, the mdast nodes it reads,
 * and the plain text of nodes and blocks (headings' ids, the table of contents, the search index's text).
 */

export class ContentError extends Error {
  override name = 'ContentError'
}

/** The subset of mdast fields this converter reads (directive nodes included). */
export interface MdNode {
  type: string
  value?: string
  children?: MdNode[]
  depth?: number
  ordered?: boolean | null
  start?: number | null
  checked?: boolean | null
  lang?: string | null
  url?: string
  alt?: string | null
  align?: ('left' | 'right' | 'center' | null)[] | null
  name?: string
  attributes?: Record<string, string | null | undefined> | null
  position?: { start: { offset?: number; line: number }; end: { offset?: number } }
}

export function headingId(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-')
}

export function plainText(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value ?? ''
  if (node.type === 'image') return node.alt ?? ''
  return (node.children ?? []).map(plainText).join('')
}

export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'text' || n.type === 'code') return n.value
      if (n.type === 'image') return n.alt
      if (n.type === 'break') return ' '
      return inlineText(n.children)
    })
    .join('')
}

export function blocksText(blocks: Block[]): string {
  const parts: string[] = []
  const walk = (b: Block) => {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        parts.push(inlineText(b.children))
        break
      case 'list':
        b.items.forEach((i) => i.children.forEach(walk))
        break
      case 'table':
        parts.push(...b.header.map(inlineText), ...b.rows.flat().map(inlineText))
        break
      case 'richTable':
        ;[...b.header, ...b.rows.flat()].forEach((cell) => cell.forEach(walk))
        break
      case 'split':
      case 'imageNote':
      case 'quote':
        b.children.forEach(walk)
        break
      case 'checklist':
        parts.push(...b.items.map((i) => inlineText(i.children)))
        break
      case 'checklistGuide':
        b.steps.forEach((s) => {
          parts.push(s.title)
          s.children.forEach(walk)
        })
        break
      case 'cards':
        parts.push(...b.cards.map((c) => `${c.title} ${c.description ?? ''}`))
        break
      case 'figures':
        parts.push(...b.figures.map((f) => `${f.value} ${f.label}`), b.note ?? '')
        break
      case 'tabs':
        b.tabs.forEach((t) => {
          parts.push(t.title)
          t.children.forEach(walk)
        })
        break
      case 'button':
        parts.push(b.label)
        break
      case 'image':
        parts.push(b.alt)
        break
      default:
        break
    }
  }
  blocks.forEach(walk)
  return parts.filter(Boolean).join('\n')
}

export function collectToc(blocks: Block[]): TocEntry[] {
  const toc: TocEntry[] = []
  for (const block of blocks) {
    if (block.type === 'heading' && (block.level === 2 || block.level === 3)) {
      toc.push({ id: block.id, text: inlineText(block.children), level: block.level })
    }
    if (block.type === 'checklistGuide') block.steps.forEach((s) => toc.push({ id: s.id, text: s.title, level: 3 }))
  }
  return toc
}
