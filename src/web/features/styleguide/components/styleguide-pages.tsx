import { useLingui } from '@lingui/react/macro'
import { ComponentExamples } from './component-examples.tsx'
import { GlobalRuleExamples } from './global-rules.tsx'
import { componentNames, globalRuleNames, type ComponentName, type GlobalRule } from './names.ts'
import { StyleguideLayout } from './styleguide-layout.tsx'

export function GlobalRulePage({ name }: { name: GlobalRule }) {
  const { i18n } = useLingui()
  return (
    <StyleguideLayout title={i18n._(globalRuleNames[name])} contentKey={`globalrule.${name}`}>
      <GlobalRuleExamples name={name} />
    </StyleguideLayout>
  )
}

export function ComponentPage({ name }: { name: ComponentName }) {
  const { i18n } = useLingui()
  return (
    <StyleguideLayout title={i18n._(componentNames[name])} contentKey={`component.${name}`}>
      <ComponentExamples name={name} />
    </StyleguideLayout>
  )
}
