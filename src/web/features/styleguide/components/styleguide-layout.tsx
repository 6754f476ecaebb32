import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { styleguideComponents, styleguideGlobalRules } from '@/domain/content.ts'
import { useStyleguidePages } from '../api.ts'
import '../styleguide.css'
import { componentNames, globalRuleNames } from './names.ts'

/** Frame of every style-guide page: the index of rules and components, then the page with its content text. */
export function StyleguideLayout({ title, contentKey, children }: { title: ReactNode; contentKey?: string; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const pages = useStyleguidePages()
  const text = contentKey ? pages.data?.find((p) => p.slug === contentKey) : undefined
  return (
    <div className="sg-layout">
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
      <article className="sg-main">
        <h1>{title}</h1>
        {text && <p className="sg-lead">{text.description}</p>}
        {children}
      </article>
    </div>
  )
}

export function Example({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="sg-example">
      <h2>{title}</h2>
      <div className="sg-example__stage">{children}</div>
    </section>
  )
}
