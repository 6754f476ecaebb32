import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { hashToId, type MenuItem, type Page, type PageType } from '@/domain/content.ts'
import { firstPaintId } from '@/domain/server-render.ts'
import { HttpError } from '@/web/lib/http.ts'
import { useSession } from '@/web/lib/session.tsx'
import { buttonClass } from '@/web/ui/button.tsx'
import { useComponent, usePage } from '../api.ts'
import '../docs.css'
import { KeptBlocks } from './kept-blocks.tsx'
import { InternalLink, useWebviewHref } from '@/web/ui/internal-link.tsx'
import { Sidebar, type DocSection } from './sidebar.tsx'
import { isRetryable, LoadError } from './load-error.tsx'
import { DocSkeleton } from './skeleton.tsx'
import { TableOfContents } from './toc.tsx'

/**
 * spec §8: a 404 answer goes to the 404 page, a 500 to the 500 page unless already there. Any other failure (no
 * answer, 502–504, an answer that is not a page) stays on the page, which offers a retry (`ContentFailure`).
 */
export function useFailureRouting(error: unknown) {
  const router = useRouter()
  const withWebview = useWebviewHref()
  useEffect(() => {
    if (!(error instanceof HttpError)) return
    if (error.status === 404) router.history.replace(withWebview('/not-found'))
    else if (error.status === 500 && !router.state.location.pathname.endsWith('/internal-server-error')) {
      router.history.replace(withWebview('/internal-server-error'))
    }
  }, [error, router, withWebview])
}

/** Once the page is on screen: the URL hash (lowercased, spaces → hyphens) scrolls to its section, else to the top. */
export function useHashScroll(pageKey: string) {
  const hash = useRouterState({ select: (s) => s.location.hash })
  useEffect(() => {
    const id = hash ? hashToId(hash) : ''
    const target = id ? document.getElementById(id) : null
    if (target) {
      target.scrollIntoView({ block: 'start' })
      target.focus({ preventScroll: true })
    } else window.scrollTo(0, 0)
  }, [hash, pageKey])
}

export function SignInPrompt() {
  return (
    <section className="doc-protected" aria-labelledby="doc-protected-title">
      <h2 id="doc-protected-title">
        <Trans>Sign in to read this page</Trans>
      </h2>
      <p>
        <Trans>This page is for registered developers. Sign in, or create a free account in a minute.</Trans>
      </p>
      <p className="doc-protected__actions">
        <InternalLink href="/account/signin" className={buttonClass('primary')}>
          <Trans>Sign in</Trans>
        </InternalLink>
        <InternalLink href="/account/signup" className={buttonClass('secondary')}>
          <Trans>Sign up</Trans>
        </InternalLink>
      </p>
    </section>
  )
}

/** The menu entry at `slug` anywhere in the side menu's tree. */
function menuEntryAt(items: readonly MenuItem[], slug: string): MenuItem | undefined {
  for (const item of items) {
    if (item.slug.current === slug) return item
    const inner = menuEntryAt(item.menuItems, slug)
    if (inner) return inner
  }
  return undefined
}

/**
 * The section level of a mini-app page (spec §2: Home, Mini App, then section): `features/mfPayment` lies in
 * `miniapp/docs/features`, named as the side menu names it. None for a page that is itself a section.
 */
function useMiniappSection(section: DocSection, slug: string): { href: string; title: string } | undefined {
  const menu = useComponent('leftMenu')
  // the side menu left out of the hydration data (issue 19): the crumb the server drew from it, read from its HTML
  const [served] = useState(() => (menu.kept ? servedCrumb() : undefined))
  const [first, ...rest] = slug.split('/')
  if (section !== 'miniapp' || rest.length === 0 || rest.join('/') === 'index') return undefined
  if (menu.kept) return served
  const entry = menuEntryAt(menu.data ?? [], `miniapp/docs/${first}`)
  return entry && { href: `/${entry.slug.current}`, title: entry.title }
}

/** The section crumb in the server's HTML (`data-crumb`: its path before the `/webview` segment is added). */
function servedCrumb(): { href: string; title: string } | undefined {
  const crumb = typeof document === 'undefined' ? null : document.querySelector('.doc-breadcrumbs [data-crumb]')
  const href = crumb?.getAttribute('data-crumb')
  return href ? { href, title: crumb!.textContent ?? '' } : undefined
}

function Breadcrumbs({ section, slug, title }: { section: DocSection; slug: string; title: string | undefined }) {
  const landing = title === undefined
  const { t } = useLingui()
  const sectionLevel = useMiniappSection(section, slug)
  return (
    <nav aria-label={t`Breadcrumb`} className="doc-breadcrumbs">
      <ol>
        <li>
          <InternalLink href="/">
            <Trans>Home</Trans>
          </InternalLink>
        </li>
        <li aria-current={landing ? 'page' : undefined}>
          {section === 'miniapp' ? (
            <InternalLink href="/miniapp/docs">
              <Trans>Mini App</Trans>
            </InternalLink>
          ) : (
            <InternalLink href="/products/docs">
              <Trans>Products</Trans>
            </InternalLink>
          )}
        </li>
        {sectionLevel && (
          <li>
            <InternalLink href={sectionLevel.href} data-crumb={sectionLevel.href}>
              {sectionLevel.title}
            </InternalLink>
          </li>
        )}
        {!landing && <li aria-current="page">{title}</li>}
      </ol>
    </nav>
  )
}

/** In place of a page whose content request failed: the retry panel, or nothing while the page goes to 404/500. */
export function ContentFailure({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  return isRetryable(query.error) ? <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null
}

/**
 * A page's title and blocks (or the sign-in prompt); its hash link scrolls once it is rendered. `load` asks for the
 * page again (`usePage` `load`): the blocks of a server-rendered page are kept from its HTML until needed (`KeptBlocks`).
 */
export function PageBody({ page, pageKey, load }: { page: Page; pageKey: string; load: () => unknown }) {
  const { isSignedIn } = useSession()
  const prompt = page.protected && !isSignedIn
  useHashScroll(pageKey)
  return (
    <>
      {/* the id: the server holds the first paint until this title is parsed (src/server/web.ts `firstPaintWaitsFor`) */}
      <header className="doc-header" id={firstPaintId}>
        <h1>{page.title}</h1>
        {page.subTitle && <p className="doc-subtitle">{page.subTitle}</p>}
      </header>
      {prompt ? <SignInPrompt /> : <KeptBlocks page={page} id={pageKey} load={load} />}
    </>
  )
}

/** A documentation page (spec §2 Documentation pages) for `/products/docs/*` and `/miniapp/docs/*`. */
export function DocPage({ type, slug }: { type: Extract<PageType, 'openPaymentApi' | 'miniappDocumentation'>; slug: string }) {
  const section: DocSection = type === 'miniappDocumentation' ? 'miniapp' : 'products'
  const query = usePage(type, slug)
  useFailureRouting(query.error)
  // On failure the content and TOC are cleared (spec §2): nothing of an older answer stays on screen.
  const page = query.isError ? undefined : query.data
  const { isSignedIn } = useSession()
  return (
    <DocLayout
      section={section}
      aside={page && !page.hideTOC && !(page.protected && !isSignedIn) ? <TableOfContents entries={page.toc} hideOnSmall={section === 'miniapp'} /> : null}
    >
      <Breadcrumbs section={section} slug={slug} title={slug === 'index' ? undefined : (page?.title ?? '')} />
      {page ? (
        <PageBody page={page} pageKey={`${type}.${slug}`} load={query.load} />
      ) : query.isError ? (
        <ContentFailure query={query} />
      ) : (
        <DocSkeleton variant={slug === 'apireference' ? 'card' : 'text'} />
      )}
    </DocLayout>
  )
}

export function DocLayout({ section, aside, children }: { section: DocSection; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="doc-layout">
      <Sidebar section={section} />
      {/* Before the article in the document, as it is on screen at tablet and phone widths: a browser that paints
          the page while it is still arriving must not paint the article first and then push it down. */}
      <div className="doc-aside">{aside}</div>
      <article className="doc-main">{children}</article>
    </div>
  )
}
