import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { styleguideComponents, styleguideGlobalRules } from '@/domain/content.ts'
import '../styleguide.css'
import { componentNames, globalRuleNames } from './names.ts'

/** Frame of every style-guide page: the index of rules and components, then the page with its content text. */
export function StyleguideLayout({ title, description, children }: { title: ReactNode; description?: string | undefined; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const nav = (
    <nav className="sg-nav" aria-label={t`Style guide`}>
      <Link to="/{-$webview}/app-styleguide" className="sg-nav__home" activeOptions={{ exact: true }}>
        <Trans>Style guide</Trans>
      </Link>
      <p className="sg-nav__group">
        <Trans>Global rules</Trans>
      </p>
      <ul>
        {styleguideGlobalRules.map((name) => (
          <li key={name}>
            <Link to="/{-$webview}/app-styleguide/globalrule/$name" params={(prev) => ({ ...prev, name })}>
              {i18n._(globalRuleNames[name])}
            </Link>
          </li>
        ))}
      </ul>
      <p className="sg-nav__group">
        <Trans>Components</Trans>
      </p>
      <ul>
        {styleguideComponents.map((name) => (
          <li key={name}>
            <Link to="/{-$webview}/app-styleguide/component/$name" params={(prev) => ({ ...prev, name })}>
              {i18n._(componentNames[name])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
  return (
    <div className="sg-layout">
      {nav}
      <details className="sg-nav-mobile">
        <summary>
          <Trans>Style guide pages</Trans>
        </summary>
        {nav}
      </details>
      <article className="sg-main">
        <h1>{title}</h1>
        {description && <p className="sg-lead">{description}</p>}
        {children}
      </article>
    </div>
  )
}

export function Example({ title, children, level = 2 }: { title: ReactNode; children: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section className="sg-example">
      <Heading>{title}</Heading>
      <div className="sg-example__stage">{children}</div>
    </section>
  )
}
