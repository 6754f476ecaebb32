import { Trans } from '@lingui/react/macro'
import { buttonClass } from '@/web/ui/button.tsx'
import { usePage } from '../api.ts'
import '../docs.css'
import { PageBlocks } from './blocks.tsx'
import { useFailureRouting } from './doc-page.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { DocSkeleton } from './skeleton.tsx'

/** Home: the `pages/home.md` content (hero, marketing figures of spec §1, products) with the main calls to action. */
export function HomePage() {
  const query = usePage('page', 'home')
  useFailureRouting(query.error)
  const page = query.isError ? undefined : query.data
  return (
    <div className="doc-landing doc-home">
      {page ? (
        <>
          <header className="doc-home__hero">
            <h1>{page.title}</h1>
            {page.subTitle && <p className="doc-subtitle">{page.subTitle}</p>}
            <p className="doc-protected__actions">
              <InternalLink href="/products/docs" className={buttonClass('primary')}>
                <Trans>Read the docs</Trans>
              </InternalLink>
              <InternalLink href="/account/signup" className={buttonClass('secondary')}>
                <Trans>Get sandbox keys</Trans>
              </InternalLink>
            </p>
            <p className="doc-home__demo">
              <InternalLink href="/demo/checkout">
                <Trans>Try the cake-shop checkout demo: pay 1 yen as a test user, no account needed</Trans>
              </InternalLink>
            </p>
          </header>
          <PageBlocks blocks={page.sections} />
        </>
      ) : query.isError ? null : (
        <DocSkeleton />
      )}
    </div>
  )
}
