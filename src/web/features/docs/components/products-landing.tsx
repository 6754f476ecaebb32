import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { pageQuery, useComponent, useContentLang } from '../api.ts'
import '../docs.css'
import { Blocks } from './blocks.tsx'
import { InternalLink } from './internal-link.tsx'
import { DocSkeleton } from './skeleton.tsx'

/**
 * `/products/docs`: a card per product page (from the `products` component), then the landing content
 * (`pages/products-docs.md`: SDK cards with version, title, languages and source link; project cards).
 */
export function ProductsLanding() {
  const products = useComponent('products')
  const lang = useContentLang()
  const landing = useQuery(pageQuery('page', 'products-docs', lang))
  return (
    <div className="doc-landing">
      <h1>{landing.data?.title ?? <Trans>Payment products</Trans>}</h1>
      {landing.data?.description && <p className="doc-subtitle">{landing.data.description}</p>}
      <h2>
        <Trans>Products</Trans>
      </h2>
      {products.isPending ? (
        <DocSkeleton variant="card" />
      ) : (
        <ul className="doc-grid">
          {(products.data ?? []).map((p) => (
            <li key={p.slug} className="doc-card">
              <InternalLink href={p.path}>
                <span className="doc-card__title">{p.title}</span>
                <span className="doc-card__description">{p.description}</span>
                {p.sdkTitle && (
                  <span className="doc-card__version">
                    {p.sdkTitle} {p.sdkVersion && `v${p.sdkVersion}`}
                  </span>
                )}
              </InternalLink>
            </li>
          ))}
        </ul>
      )}
      {landing.data && <Blocks blocks={landing.data.sections} />}
    </div>
  )
}

/** `/miniapp/docs`: the top-level mini-app documentation sections as cards. */
export function MiniappLanding() {
  const sections = useComponent('miniapp')
  return (
    <div className="doc-landing">
      <nav aria-label="Breadcrumb" className="doc-breadcrumbs">
        <ol>
          <li>
            <InternalLink href="/">
              <Trans>Home</Trans>
            </InternalLink>
          </li>
          <li aria-current="page">
            <Trans>Mini App</Trans>
          </li>
        </ol>
      </nav>
      <h1>
        <Trans>Mini App documentation</Trans>
      </h1>
      {sections.isPending ? (
        <DocSkeleton variant="card" />
      ) : (
        <ul className="doc-grid">
          {(sections.data ?? []).map((p) => (
            <li key={p.slug} className="doc-card">
              <InternalLink href={p.path}>
                <span className="doc-card__title">{p.title}</span>
                <span className="doc-card__description">{p.description}</span>
              </InternalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
