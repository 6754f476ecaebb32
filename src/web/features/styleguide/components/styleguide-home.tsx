import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { styleguideComponents, styleguideGlobalRules } from '@/domain/content.ts'
import { Card } from '@/web/ui/card.tsx'
import { componentNames, globalRuleNames } from './names.ts'
import { Philosophy } from './global-rules.tsx'
import { StyleguideLayout } from './styleguide-layout.tsx'

/** `/app-styleguide`: the design philosophy, then every global rule and component. */
export function StyleguideHome() {
  const { t, i18n } = useLingui()
  return (
    <StyleguideLayout title={t`PayLab style guide`}>
      <p className="sg-lead">
        <Trans>The rules and components the portal is built from. Every example on these pages is the real component, drawn with the real design tokens.</Trans>
      </p>
      <Philosophy />
      <h2>
        <Trans>Global rules</Trans>
      </h2>
      <ul className="sg-grid">
        {styleguideGlobalRules.map((name) => (
          <li key={name}>
            <Link to="/{-$webview}/app-styleguide/globalrule/$name" params={(prev) => ({ ...prev, name })} className="sg-tile">
              {i18n._(globalRuleNames[name])}
            </Link>
          </li>
        ))}
      </ul>
      <h2>
        <Trans>Components</Trans>
      </h2>
      <ul className="sg-grid">
        {styleguideComponents.map((name) => (
          <li key={name}>
            <Link to="/{-$webview}/app-styleguide/component/$name" params={(prev) => ({ ...prev, name })} className="sg-tile">
              {i18n._(componentNames[name])}
            </Link>
          </li>
        ))}
      </ul>
      <Card title={<Trans>Source of truth</Trans>}>
        <Trans>Tokens live in src/web/ui/tokens.css and components in src/web/ui/; change them there and these pages follow.</Trans>
      </Card>
    </StyleguideLayout>
  )
}
