import { beforeAll, describe, expect, it } from 'vitest'
import type { Block } from '../../src/domain/content.ts'
import { prepareHighlighter } from '../../src/server/content/highlight.ts'
import { ContentError, parseDocument } from '../../src/server/content/markdown.ts'

beforeAll(() => prepareHighlighter())

const fm = '---\ntitle: Web Payment\ndescription: Pay on the web.\n---\n'
const blocks = (body: string, front = fm) => parseDocument(front + body, 'test.md').blocks
const only = <T extends Block['type']>(body: string, type: T) => {
  const found = blocks(body).find((b) => b.type === type)
  expect(found, `expected a ${type} block`).toBeDefined()
  return found as Extract<Block, { type: T }>
}

describe('content parser', () => {
  it('reads front matter and builds a TOC from h2/h3 with lowercased, hyphenated or explicit ids', () => {
    const doc = parseDocument(`${fm}## Payment Flows\ntext\n### Error List {#error-list}\n#### Deep\n## 決済 の流れ\n`)
    expect(doc.frontMatter.title).toBe('Web Payment')
    expect(doc.toc).toEqual([
      { id: 'payment-flows', text: 'Payment Flows', level: 2 },
      { id: 'error-list', text: 'Error List', level: 3 },
      { id: '決済-の流れ', text: '決済 の流れ', level: 2 },
    ])
  })

  it('has no TOC when hideTOC is set', () => {
    const doc = parseDocument(`---\ntitle: A\ndescription: B\nhideTOC: true\n---\n## One\n`)
    expect(doc.toc).toEqual([])
    expect(doc.blocks[0]).toMatchObject({ type: 'heading', id: 'one' })
  })

  it('fails loudly naming the file on bad front matter, unknown directives and h1', () => {
    expect(() => parseDocument('## no front matter', 'a.md')).toThrow(/a\.md: missing front matter/)
    expect(() => parseDocument('---\ntitle: A\n---\n', 'b.md')).toThrow(/b\.md: front matter: description/)
    expect(() => parseDocument(`${fm}:::bogus\nx\n:::\n`, 'c.md')).toThrow(ContentError)
    expect(() => parseDocument(`${fm}# Title\n`, 'd.md')).toThrow(/d\.md/)
  })

  it('parses text with marks: strong, code, links internal/external, colour, highlight, internal directive', () => {
    const p = only(
      'Use **bold**, `code`, [docs](/products/docs/qrcode), [site](https://example.com), :color[red text]{value="red"}, :highlight[hot] and :internal[flows]{to="/products/docs/qrcode#flows"} at 10:30.',
      'paragraph',
    )
    const types = p.children.map((c) => c.type)
    expect(types).toEqual(expect.arrayContaining(['strong', 'code', 'link', 'color', 'highlight']))
    const links = p.children.filter((c) => c.type === 'link')
    expect(links.map((l) => l.type === 'link' && [l.href, l.internal])).toEqual([
      ['/products/docs/qrcode', true],
      ['https://example.com', false],
      ['/products/docs/qrcode#flows', true],
    ])
    expect(p.children.find((c) => c.type === 'color')).toMatchObject({ value: 'red' })
    expect(JSON.stringify(p)).toContain('10:30')
  })

  it('parses a simple table', () => {
    const t = only('| Field | Type |\n|:--|--|\n| amount | number |\n', 'table')
    expect(t.align).toEqual(['left', null])
    expect(t.rows).toHaveLength(1)
    expect(t.rows[0]![0]).toEqual([{ type: 'text', value: 'amount' }])
  })

  it('parses a rich table whose cells hold lists and code', () => {
    const t = only(':::richtable\n| Code | Meaning |\n|--|--|\n| `400` | - one<br>- two |\n:::\n', 'richTable')
    expect(t.rows[0]![1]![0]).toMatchObject({ type: 'list', ordered: false })
    expect(t.rows[0]![0]![0]).toMatchObject({ type: 'paragraph', children: [{ type: 'code', value: '400' }] })
  })

  it('groups consecutive tab-language fences into one highlighted code block in tab order', () => {
    const code = only('```php\necho 1;\n```\n```python\nprint(1)\n```\n```javascript\nconsole.log(1)\n```\n```java\nint a = 1;\n```\n', 'code')
    expect(code.variants.map((v) => v.language)).toEqual(['python', 'nodejs', 'java', 'php'])
    expect(code.variants[0]!.lines[0]!.some((t) => t.c)).toBe(true)
    const single = blocks('```json\n{"a": 1}\n```\n```python\nx = 1\n```\n').filter((b) => b.type === 'code')
    expect(single).toHaveLength(2)
  })

  it('parses images and image sliders', () => {
    expect(only('![A phone](/content-images/a.svg)', 'image')).toEqual({ type: 'image', src: '/content-images/a.svg', alt: 'A phone' })
    const s = only(':::image-slider\n![one](/a.svg)\n![two](/b.svg)\n:::\n', 'imageSlider')
    expect(s.images.map((i) => i.alt)).toEqual(['one', 'two'])
  })

  it('parses button, split with tag and image note', () => {
    expect(only(':::button{href="/account/signup"}\nSign up\n:::\n', 'button')).toEqual({
      type: 'button',
      href: '/account/signup',
      internal: true,
      label: 'Sign up',
    })
    const split = only(':::split{image="/x.svg" tag="mandatory"}\nRequired **step**.\n:::\n', 'split')
    expect(split.tag).toBe('mandatory')
    expect(split.children[0]!.type).toBe('paragraph')
    expect(() => blocks(':::split{image="/x.svg" tag="sometimes"}\nx\n:::\n')).toThrow(/mandatory or optional/)
    expect(only(':::image-note{image="/n.svg"}\nNote\n:::\n', 'imageNote').image).toBe('/n.svg')
  })

  it('parses checklist and checklist guide (steps feed the TOC)', () => {
    const c = only(':::checklist\n- [x] done\n- [ ] todo\n:::\n', 'checklist')
    expect(c.items.map((i) => i.checked)).toEqual([true, false])
    const doc = parseDocument(`${fm}:::checklist-guide\n### Create keys\nDo it.\n### Go live {#go-live}\nThen.\n:::\n`)
    const g = doc.blocks[0] as Extract<Block, { type: 'checklistGuide' }>
    expect(g.steps.map((s) => s.id)).toEqual(['create-keys', 'go-live'])
    expect(doc.toc.map((t) => t.id)).toEqual(['create-keys', 'go-live'])
  })

  it('parses card grids, payment demo and tabs', () => {
    const cards = only(
      ':::cards\n::card{title="Node.js SDK" version="2.2.0" languages="NodeJs" href="https://github.com/x" description="SDK"}\n::card{title="Python SDK" languages="Python" href="https://github.com/y"}\n:::\n',
      'cards',
    )
    expect(cards.cards[0]).toEqual({ title: 'Node.js SDK', version: '2.2.0', languages: ['NodeJs'], href: 'https://github.com/x', description: 'SDK' })
    expect(only(':::payment-demo{type="dynamicQr"}\n:::\n', 'paymentDemo').demoType).toBe('dynamicQr')
    expect(() => blocks(':::payment-demo{type="cash"}\n:::\n')).toThrow(/payment-demo type/)
    const tabs = only(':::tabs\n::tab{title="One"}\nFirst\n::tab{title="Two"}\nSecond\n:::\n', 'tabs')
    expect(tabs.tabs.map((t) => t.title)).toEqual(['One', 'Two'])
    expect(tabs.tabs[1]!.children[0]).toMatchObject({ type: 'paragraph' })
  })

  it('records nesting depth per list kind so bullets and numbers can cycle', () => {
    const list = only('- a\n  - b\n    1. c\n       1. d\n', 'list')
    expect(list).toMatchObject({ ordered: false, depth: 0 })
    const inner = list.items[0]!.children.find((b) => b.type === 'list') as Extract<Block, { type: 'list' }>
    expect(inner.depth).toBe(1)
    const ordered = inner.items[0]!.children.find((b) => b.type === 'list') as Extract<Block, { type: 'list' }>
    expect(ordered).toMatchObject({ ordered: true, depth: 0 })
    const deeper = ordered.items[0]!.children.find((b) => b.type === 'list') as Extract<Block, { type: 'list' }>
    expect(deeper).toMatchObject({ ordered: true, depth: 1 })
  })

  it('gives the search index the plain text of the body', () => {
    const doc = parseDocument(`${fm}## 支払い\n決済を作成します。\n`)
    expect(doc.text).toContain('決済を作成します。')
  })
})
