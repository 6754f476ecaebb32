import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { LogoMark } from '@/web/ui/icons.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import './account.css'

/** The card every account screen sits in; its controls wait for the page to be hydrated (useHydrated). */
export function AuthCard({ title, children, wide = false, screen }: { title: ReactNode; children: ReactNode; wide?: boolean; screen?: string }) {
  const hydrated = useHydrated()
  // data-screen names the screen as the flow's statechart tags it (screen.<name>); the browser path tests read it
  return (
    <div className="account-page">
      <section className={`account-card${wide ? ' account-card--wide' : ''}`} aria-labelledby="account-title" data-screen={screen}>
        <div className="account-card__brand">
          <LogoMark size={36} />
        </div>
        <h1 id="account-title" className="account-card__title">
          {title}
        </h1>
        <fieldset className="account-card__body" disabled={!hydrated}>
          {children}
        </fieldset>
      </section>
    </div>
  )
}

/** spec §2: the terms of use open in a new tab; so does the privacy policy (a page of our own). */
export function LegalLinks() {
  return (
    <p className="account-legal">
      <Trans>
        By continuing you agree to the{' '}
        <Link to="/{-$webview}/terms-of-use" target="_blank" rel="noopener">
          developer tools agreement
        </Link>{' '}
        and the{' '}
        <Link to="/{-$webview}/privacy" target="_blank" rel="noopener">
          privacy policy
        </Link>
        .
      </Trans>
    </p>
  )
}

/** The red line above a form where a server's answer is shown (spec §8). */
export function FormError({ message }: { message: string }) {
  if (!message) return null
  return (
    <p className="account-form-error" role="alert">
      {message}
    </p>
  )
}

export function FieldMessage({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="account-field-message" aria-live="polite">
      {message}
    </p>
  )
}
