import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Block, Inline } from '@/domain/content.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { CodeBlock } from './code-block.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { Tabs } from '@/web/ui/tabs.tsx'
import { Icon, isIconName } from '@/web/ui/icons.tsx'
import { CardLink, ImageSlider, languageName, PaymentDemo } from './block-parts.tsx'

// spec §2: nested bullets cycle square/disc/circle, numbers lower-roman/decimal/lower-alpha.
const bulletStyles = ['square', 'disc', 'circle'] as const
const numberStyles = ['lower-roman', 'decimal', 'lower-alpha'] as const

export function Inlines({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => (
        <InlineNode key={i} node={node} />
      ))}
    </>
  )
}

function InlineNode({ node }: { node: Inline }): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value
    case 'strong':
      return (
        <strong>
          <Inlines nodes={node.children} />
        </strong>
      )
    case 'emphasis':
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      )
    case 'delete':
      return (
        <del>
          <Inlines nodes={node.children} />
        </del>
      )
    case 'code':
      return <code className="doc-inline-code">{node.value}</code>
    case 'break':
      return <br />
    case 'image':
      return <img src={node.src} alt={node.alt} loading="lazy" />
    case 'link':
      return node.internal ? (
        <InternalLink href={node.href}>
          <Inlines nodes={node.children} />
        </InternalLink>
      ) : (
        <a href={node.href} target="_blank" rel="noopener noreferrer">
          <Inlines nodes={node.children} />
        </a>
      )
    case 'color':
      return (
        <span className={`doc-color doc-color--${node.value.replace('#', '')}`} style={{ color: colorValue(node.value) }}>
          <Inlines nodes={node.children} />
        </span>
      )
    case 'highlight':
      return (
        <mark className="doc-highlight">
          <Inlines nodes={node.children} />
        </mark>
      )
  }
}

/** Named colours map to the design tokens so marks stay readable (contrast) and on-brand. */
function colorValue(value: string): string {
  const named: Record<string, string> = {
    red: 'var(--color-danger)',
    brand: 'var(--color-brand-strong)',
    green: 'var(--color-success)',
    orange: 'var(--color-warning)',
    blue: 'var(--color-focus)',
    gray: 'var(--color-text-muted)',
    grey: 'var(--color-text-muted)',
  }
  return named[value.toLowerCase()] ?? value
}

export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockNode key={i} block={block} />
      ))}
    </>
  )
}

/** A page's top-level blocks. The server renders them all (src/web/entry-server.tsx); the browser hydrates them. */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockNode key={i} block={block} />
      ))}
    </>
  )
}

/** A tab list of the content (the mini-app page's tabs): the style guide's Tabs component, blocks in its panels. */
function ContentTabs({ tabs }: { tabs: { title: string; children: Block[] }[] }) {
  return <Tabs items={tabs.map((tab, i) => ({ id: String(i), label: tab.title, content: <Blocks blocks={tab.children} /> }))} />
}

function BlockNode({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as 'h2' | 'h3' | 'h4' | 'h5'
      return (
        <Tag id={block.id} className="doc-heading" tabIndex={-1}>
          <Inlines nodes={block.children} />
        </Tag>
      )
    }
    case 'paragraph':
      return (
        <p>
          <Inlines nodes={block.children} />
        </p>
      )
    case 'list': {
      const style = block.ordered ? numberStyles[block.depth % 3] : bulletStyles[block.depth % 3]
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Blocks blocks={item.children} />
        </li>
      ))
      return block.ordered ? (
        <ol className="doc-list" start={block.start} style={{ listStyleType: style }}>
          {items}
        </ol>
      ) : (
        <ul className="doc-list" style={{ listStyleType: style }}>
          {items}
        </ul>
      )
    }
    case 'table':
      return (
        <div className="doc-table-wrap" tabIndex={0}>
          <table className="doc-table">
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} scope="col" style={{ textAlign: block.align[i] ?? undefined }}>
                    <Inlines nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} style={{ textAlign: block.align[i] ?? undefined }}>
                      <Inlines nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'richTable':
      return (
        <div className="doc-table-wrap" tabIndex={0}>
          <table className="doc-table doc-table--rich">
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} scope="col">
                    <Blocks blocks={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>
                      <Blocks blocks={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'code':
      return <CodeBlock variants={block.variants} />
    case 'image':
      return (
        <figure className="doc-image">
          <img src={block.src} alt={block.alt} loading="lazy" />
        </figure>
      )
    case 'imageSlider':
      return <ImageSlider images={block.images} />
    case 'button':
      return (
        <p>
          {block.internal ? (
            <InternalLink href={block.href} className={buttonClass('primary')}>
              {block.label}
            </InternalLink>
          ) : (
            <a href={block.href} className={buttonClass('primary')} target="_blank" rel="noopener noreferrer">
              {block.label}
            </a>
          )}
        </p>
      )
    case 'split':
      return (
        <div className="doc-split">
          <div className="doc-split__text">
            {block.tag && (
              <span className={`doc-tag doc-tag--${block.tag}`}>{block.tag === 'mandatory' ? <Trans>Mandatory</Trans> : <Trans>Optional</Trans>}</span>
            )}
            <Blocks blocks={block.children} />
          </div>
          <img className="doc-split__image" src={block.image} alt={block.alt} loading="lazy" />
        </div>
      )
    case 'imageNote':
      return (
        <div className="doc-image-note">
          <img src={block.image} alt={block.alt} loading="lazy" />
          <div>
            <Blocks blocks={block.children} />
          </div>
        </div>
      )
    case 'checklist':
      return (
        <ul className="doc-checklist">
          {block.items.map((item, i) => (
            <li key={i} data-checked={item.checked}>
              <span aria-hidden="true" className="doc-checklist__box">
                {item.checked ? '✓' : ''}
              </span>
              <span className="visually-hidden">{item.checked ? <Trans>Done:</Trans> : <Trans>To do:</Trans>}</span>
              <span className="doc-checklist__text">
                <Inlines nodes={item.children} />
              </span>
            </li>
          ))}
        </ul>
      )
    case 'checklistGuide':
      return (
        <ol className="doc-guide">
          {block.steps.map((step) => (
            <li key={step.id}>
              <h3 id={step.id} className="doc-heading" tabIndex={-1}>
                {step.title}
              </h3>
              <Blocks blocks={step.children} />
            </li>
          ))}
        </ol>
      )
    case 'cards':
      return (
        <ul className="doc-cards">
          {block.cards.map((card) => (
            <li key={card.href} className="doc-card">
              <CardLink href={card.href}>
                {isIconName(card.icon) && (
                  <span className="doc-card__icon" aria-hidden="true">
                    <Icon name={card.icon} size={24} />
                  </span>
                )}
                <span className="doc-card__title">{card.title}</span>
                {card.version && <span className="doc-card__version">v{card.version}</span>}
                {card.description && <span className="doc-card__description">{card.description}</span>}
                {card.languages.length > 0 && (
                  <span className="doc-card__languages">
                    {card.languages.map((language) => (
                      <span key={language} className="doc-card__language">
                        {languageName(language)}
                      </span>
                    ))}
                  </span>
                )}
              </CardLink>
            </li>
          ))}
        </ul>
      )
    case 'figures':
      return (
        <div className="doc-figures-block">
          <ul className="doc-figures">
            {block.figures.map((figure) => (
              <li key={figure.label}>
                {/* each part of a two-part figure ("300万か所+ / 300店舗+※") stays whole; it wraps only at the slash (issue 20) */}
                <strong>
                  {figure.value.split(' / ').map((part, i) => (
                    <span key={i}>
                      {i > 0 && ' / '}
                      <span className="doc-figures__part">{part}</span>
                    </span>
                  ))}
                </strong>
                <span className="doc-figures__label">{figure.label}</span>
              </li>
            ))}
          </ul>
          {block.note && <p className="doc-figures__note">{block.note}</p>}
        </div>
      )
    case 'paymentDemo':
      return <PaymentDemo demoType={block.demoType} />
    case 'tabs':
      return <ContentTabs tabs={block.tabs} />
    case 'quote':
      return (
        <blockquote className="doc-quote">
          <Blocks blocks={block.children} />
        </blockquote>
      )
  }
}

/** Earlier blocks keep their output while later batches are added. */
