import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Block } from '@/domain/content.ts'
import { GlobalRuleExamples } from './global-rules.tsx'
import { globalRuleNames, type GlobalRule } from './names.ts'
import { StyleguideLayout } from './styleguide-layout.tsx'

/** A style-guide page's text from content (`styleguide/<group>/<name>.md`) and how to draw its blocks. */
export interface GuideText {
  description?: string
  sections: Block[]
  render: (blocks: Block[]) => ReactNode
}

/** The blocks of the first h2 section whose id is one of `ids`, and the other blocks. */
export function splitSection(blocks: Block[], ids: string[]): { section: Block[]; rest: Block[] } {
  const isH2 = (b: Block) => b.type === 'heading' && b.level === 2
  const start = blocks.findIndex((b) => isH2(b) && b.type === 'heading' && ids.includes(b.id))
  if (start < 0) return { section: [], rest: blocks }
  const next = blocks.findIndex((b, i) => i > start && isH2(b))
  const end = next < 0 ? blocks.length : next
  return { section: blocks.slice(start + 1, end), rest: [...blocks.slice(0, start), ...blocks.slice(end)] }
}

/** A global rule: the rule in words, its tokens (shown, copyable), do and don't drawn live. */
export function GlobalRulePage({ name, guide }: { name: GlobalRule; guide?: GuideText }) {
  const { i18n } = useLingui()
  return (
    <StyleguideLayout title={i18n._(globalRuleNames[name])} description={guide?.description}>
      <GlobalRuleExamples name={name} />
      {guide && (
        <section className="sg-guidance" aria-label={i18n._(globalRuleNames[name])}>
          {guide.render(guide.sections)}
        </section>
      )}
    </StyleguideLayout>
  )
}
