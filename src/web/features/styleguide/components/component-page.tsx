import { Trans, useLingui } from '@lingui/react/macro'
import { ComponentExamples, ComponentPreview } from './component-examples.tsx'
import { componentNames, type ComponentName } from './names.ts'
import { StyleguideLayout } from './styleguide-layout.tsx'
import { splitSection, type GuideText } from './styleguide-pages.tsx'

/** Headings that open a component's anatomy section in content. */
const anatomyIds = ['anatomy', 'structure', '構成']

// Its own module: the live examples of every component load with the component pages only, not with the global
// rules (docs/performance.md).
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
