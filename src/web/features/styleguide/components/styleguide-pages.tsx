import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Block } from '@/domain/content.ts'
import { ComponentExamples, ComponentPreview } from './component-examples.tsx'
import { GlobalRuleExamples } from './global-rules.tsx'
import { componentNames, globalRuleNames, type ComponentName, type GlobalRule } from './names.ts'
import { StyleguideLayout } from './styleguide-layout.tsx'

/** A style-guide page's text from content (`styleguide/<group>/<name>.md`) and how to draw its blocks. */
export interface GuideText {
  description?: string
  sections: Block[]
  render: (blocks: Block[]) => ReactNode
}

const anatomyIds = ['anatomy', 'structure', '構成']

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

/** A component: its anatomy beside the real component, every variant and state live, then how to use it. */
export function ComponentPage({ name, guide }: { name: ComponentName; guide?: GuideText }) {
  const { t, i18n } = useLingui()
  const { section: anatomy, rest } = splitSection(guide?.sections ?? [], anatomyIds)
  return (
    <StyleguideLayout title={i18n._(componentNames[name])} description={guide?.description}>
      <section className="sg-example sg-anatomy" aria-labelledby="sg-anatomy">
        <h2 id="sg-anatomy">
          <Trans>Anatomy</Trans>
        </h2>
        <div className="sg-anatomy__body">
          <div className="sg-example__stage sg-anatomy__stage" role="group" aria-label={t`The component`}>
            <ComponentPreview name={name} />
          </div>
          {guide && anatomy.length > 0 && <div className="sg-anatomy__parts">{guide.render(anatomy)}</div>}
        </div>
      </section>
      <h2 className="sg-section-title">
        <Trans>Variants and states</Trans>
      </h2>
      <ComponentExamples name={name} />
      {guide && (
        <section className="sg-guidance" aria-label={t`Usage guidance`}>
          {guide.render(rest)}
        </section>
      )}
    </StyleguideLayout>
  )
}
