import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { isMobileDevice } from '@/web/lib/mobile-device.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { usePage } from '../api.ts'
import '../docs.css'
import type { HomeSearch } from '../home-notice.ts'
import { KeptBlocks } from './kept-blocks.tsx'
import { ContentFailure, useFailureRouting } from './doc-page.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { DocSkeleton } from './skeleton.tsx'
import { SignupLinkForm } from './signup-link-form.tsx'

/**
 * Drawn for PayLab (issue 11): a phone paying a QR code at a register, the payment confirmed. Inline, 2 kB, with
 * its size fixed so nothing moves when it paints. Decorative: the hero's text says what it shows.
 */
function HeroIllustration() {
  return (
    <svg className="doc-home__art" width="320" height="240" viewBox="0 0 320 240" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="320" height="240" rx="24" fill="var(--color-brand-soft)" />
      <circle cx="262" cy="52" r="30" fill="#fff" opacity="0.7" />
      <circle cx="48" cy="200" r="20" fill="#fff" opacity="0.6" />
      {/* the register and its QR code */}
      <rect x="150" y="70" width="130" height="120" rx="12" fill="#fff" stroke="var(--color-border)" strokeWidth="2" />
      <rect x="150" y="170" width="130" height="20" rx="0" fill="var(--color-surface-alt)" />
      <g fill="#1f2328">
        <rect x="172" y="86" width="22" height="22" rx="3" />
        <rect x="236" y="86" width="22" height="22" rx="3" />
        <rect x="172" y="138" width="22" height="22" rx="3" />
        <rect x="203" y="90" width="8" height="8" />
        <rect x="215" y="102" width="8" height="8" />
        <rect x="203" y="114" width="8" height="8" />
        <rect x="227" y="120" width="8" height="8" />
        <rect x="239" y="132" width="8" height="8" />
        <rect x="211" y="140" width="8" height="8" />
        <rect x="227" y="148" width="8" height="8" />
        <rect x="247" y="148" width="8" height="8" />
        <rect x="183" y="120" width="8" height="8" />
      </g>
      <g fill="#fff">
        <rect x="177" y="91" width="12" height="12" rx="2" />
        <rect x="241" y="91" width="12" height="12" rx="2" />
        <rect x="177" y="143" width="12" height="12" rx="2" />
      </g>
      {/* the phone with the PayLab app */}
      <rect x="52" y="40" width="92" height="168" rx="16" fill="#1f2328" />
      <rect x="58" y="52" width="80" height="144" rx="10" fill="#fff" />
      <rect x="84" y="44" width="28" height="4" rx="2" fill="#3d444d" />
      <rect x="66" y="62" width="24" height="24" rx="6" fill="var(--color-brand)" />
      <rect x="96" y="66" width="34" height="6" rx="3" fill="var(--color-border)" />
      <rect x="96" y="76" width="22" height="6" rx="3" fill="var(--color-border)" />
      <text x="98" y="122" textAnchor="middle" fontSize="18" fontWeight="700" fill="#1f2328" fontFamily="system-ui, sans-serif">
        ¥1,000
      </text>
      <rect x="66" y="166" width="64" height="20" rx="10" fill="var(--color-brand)" />
      {/* the confirmation */}
      <circle cx="138" cy="150" r="18" fill="var(--color-success)" stroke="#fff" strokeWidth="4" />
      <path d="M129 150l6 6l11-12" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      {/* the scan beam */}
      <path d="M144 118 L168 112 M144 128 L168 134" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" strokeDasharray="2 6" />
    </svg>
  )
}

/**
 * spec §2 mobile redirect: a phone sent here from sign-up is told why (issue 11), how to go on — on a larger screen —
 * and can have the link mailed there (issue 20), so "Get sandbox keys" is not a loop back to this page.
 */
function SignUpOnLargerScreen({ focus = false }: { focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <div className="doc-home__notice-block" ref={ref} tabIndex={-1}>
      <aside className="doc-home__notice" role="status" aria-labelledby="doc-home-notice-title">
        <p id="doc-home-notice-title" className="doc-home__notice-title">
          <Trans>Sign-up needs a larger screen</Trans>
        </p>
        <p>
          <Trans>
            Creating a developer account takes a computer or a tablet (a screen wider than 991 px). Open this portal there to sign up; you can read all the
            documentation here on your phone.
          </Trans>
        </p>
      </aside>
      <SignupLinkForm />
    </div>
  )
}

/**
 * Home: the hero (what PayLab is, the two calls to action), then the `pages/home.md` content — the marketing
 * figures of spec §1, product, SDK and project cards, the first steps. The content file is the one source of the
 * page's text; the hero takes its title, subtitle and description.
 */
export function HomePage({ notice }: HomeSearch = {}) {
  const query = usePage('page', 'home')
  useFailureRouting(query.error)
  const page = query.isError ? undefined : query.data
  // on a phone "Get sandbox keys" would only come back here (sign-up sends phones home): show the notice in place
  const [askedOnPhone, setAskedOnPhone] = useState(false)
  const getKeys = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isMobileDevice()) return
    event.preventDefault()
    setAskedOnPhone(true)
  }
  return (
    <div className="doc-landing doc-home">
      {(notice === 'signup-larger-screen' || askedOnPhone) && <SignUpOnLargerScreen focus={askedOnPhone} />}
      {page ? (
        <>
          <header className="doc-home__hero">
            <div className="doc-home__intro">
              <p className="doc-home__eyebrow">{page.title}</p>
              <h1>{page.subTitle ?? page.title}</h1>
              {page.description && <p className="doc-home__lead">{page.description}</p>}
              <p className="doc-protected__actions">
                <InternalLink href="/products/docs" className={buttonClass('primary')}>
                  <Trans>Read the docs</Trans>
                </InternalLink>
                <InternalLink href="/account/signup" className={buttonClass('secondary')} onClick={getKeys}>
                  <Trans>Get sandbox keys</Trans>
                </InternalLink>
              </p>
              <p className="doc-home__demo">
                <InternalLink href="/demo/checkout">
                  <Trans>Try the cake-shop checkout demo: pay 1 yen as a test user, no account needed</Trans>
                </InternalLink>
              </p>
              <p className="doc-home__demo">
                <InternalLink href="/demo/panel">
                  <Trans>Open the payment test panel: watch the test user's phone and every API call</Trans>
                </InternalLink>
              </p>
            </div>
            <HeroIllustration />
          </header>
          <KeptBlocks page={page} id="page.home" load={query.load} />
        </>
      ) : query.isError ? (
        <ContentFailure query={query} />
      ) : (
        <DocSkeleton />
      )}
    </div>
  )
}
