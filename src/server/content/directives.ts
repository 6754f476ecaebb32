import { demoTypes, type Block, type Card, type ChecklistGuideStep, type DemoType, type Inline, type Tab } from '@/domain/content.ts'
import { ContentError, inlineText, plainText, type MdNode } from './markdown-text.ts'

/** What a directive needs from the converter reading the document around it (markdown.ts `Converter`). */
export interface BlockReader {
  attr(node: MdNode, name: string, required?: boolean): string
  blocks(nodes: MdNode[] | undefined): Block[]
  inlines(nodes: MdNode[] | undefined): Inline[]
  heading(node: MdNode): Extract<Block, { type: 'heading' }>
  richCell(cell: MdNode): Block[]
  childrenWithoutLabel(node: MdNode): MdNode[]
}

/**
 * The container directives of the content format (`:::richtable`, `:::tabs`, `:::cards` … docs/content-format.md):
 * each becomes its block, its children read back through the converter.
 */
export function containerBlock(node: MdNode, r: BlockReader): Block {
  const line = node.position?.start.line ?? '?'
  const children = r.childrenWithoutLabel(node)
  switch (node.name) {
    case 'richtable': {
      const table = children.find((c) => c.type === 'table')
      if (!table) throw new ContentError(`line ${line}: :::richtable needs a table`)
      const cell = (c: MdNode) => r.richCell(c)
      const [head, ...rows] = table.children ?? []
      return { type: 'richTable', header: (head?.children ?? []).map(cell), rows: rows.map((r) => (r.children ?? []).map(cell)) }
    }
    case 'image-slider': {
      const images: { src: string; alt: string }[] = []
      const collect = (n: MdNode) => {
        if (n.type === 'image') images.push({ src: n.url ?? '', alt: n.alt ?? '' })
        n.children?.forEach(collect)
      }
      children.forEach(collect)
      if (images.length === 0) throw new ContentError(`line ${line}: :::image-slider needs images`)
      return { type: 'imageSlider', images }
    }
    case 'button': {
      const href = r.attr(node, 'href')
      const label = children.map(plainText).join(' ').trim()
      if (!label) throw new ContentError(`line ${line}: :::button needs a label`)
      return { type: 'button', href, internal: href.startsWith('/'), label }
    }
    case 'split': {
      const tag = node.attributes?.tag ?? null
      if (tag !== null && tag !== 'mandatory' && tag !== 'optional') throw new ContentError(`line ${line}: split tag must be mandatory or optional`)
      return { type: 'split', image: r.attr(node, 'image'), alt: r.attr(node, 'alt', false), tag, children: r.blocks(children) }
    }
    case 'image-note':
      return { type: 'imageNote', image: r.attr(node, 'image'), alt: r.attr(node, 'alt', false), children: r.blocks(children) }
    case 'checklist': {
      const list = children.find((c) => c.type === 'list')
      if (!list) throw new ContentError(`line ${line}: :::checklist needs a task list`)
      return {
        type: 'checklist',
        items: (list.children ?? []).map((item) => ({
          checked: item.checked === true,
          children: (item.children ?? []).flatMap((p) => r.inlines(p.children)),
        })),
      }
    }
    case 'checklist-guide': {
      const steps: ChecklistGuideStep[] = []
      for (const child of children) {
        if (child.type === 'heading') {
          const h = r.heading(child)
          steps.push({ id: h.id, title: inlineText(h.children), children: [] })
        } else {
          const current = steps[steps.length - 1]
          if (!current) throw new ContentError(`line ${line}: :::checklist-guide must start with a ### step heading`)
          current.children.push(...r.blocks([child]))
        }
      }
      return { type: 'checklistGuide', steps }
    }
    case 'cards': {
      const cards: Card[] = children
        .filter((c) => c.type === 'leafDirective' && c.name === 'card')
        .map((c) => ({
          title: r.attr(c, 'title'),
          href: r.attr(c, 'href'),
          languages: r
            .attr(c, 'languages', false)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          ...(c.attributes?.icon ? { icon: c.attributes.icon } : {}),
          ...(c.attributes?.version ? { version: c.attributes.version } : {}),
          ...(c.attributes?.description ? { description: c.attributes.description } : {}),
        }))
      if (cards.length === 0) throw new ContentError(`line ${line}: :::cards needs ::card{…} entries`)
      return { type: 'cards', cards }
    }
    case 'figures': {
      const figures = children
        .filter((c) => c.type === 'leafDirective' && c.name === 'figure')
        .map((c) => ({ value: r.attr(c, 'value'), label: r.attr(c, 'label') }))
      if (figures.length === 0) throw new ContentError(`line ${line}: :::figures needs ::figure{value="…" label="…"} entries`)
      const note = r.attr(node, 'note', false)
      return { type: 'figures', figures, ...(note ? { note } : {}) }
    }
    case 'payment-demo': {
      const demoType = r.attr(node, 'type')
      if (!demoTypes.includes(demoType as DemoType)) throw new ContentError(`line ${line}: payment-demo type must be one of ${demoTypes.join(', ')}`)
      return { type: 'paymentDemo', demoType: demoType as DemoType }
    }
    case 'tabs': {
      const tabs: Tab[] = []
      for (const child of children) {
        if (child.type === 'leafDirective' && child.name === 'tab') tabs.push({ title: r.attr(child, 'title'), children: [] })
        else if (child.type === 'containerDirective' && child.name === 'tab')
          tabs.push({ title: r.attr(child, 'title'), children: r.blocks(r.childrenWithoutLabel(child)) })
        else {
          const current = tabs[tabs.length - 1]
          if (!current) throw new ContentError(`line ${line}: :::tabs must start with ::tab{title="…"}`)
          current.children.push(...r.blocks([child]))
        }
      }
      if (tabs.length === 0) throw new ContentError(`line ${line}: :::tabs needs tabs`)
      return { type: 'tabs', tabs }
    }
    default:
      throw new ContentError(`line ${line}: unknown directive :::${node.name}`)
  }
}
