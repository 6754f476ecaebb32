import { Trans } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { limits } from '@/domain/limits.ts'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { useWebinarVideos } from '../api.ts'
import { ContentPage } from './content-page.tsx'

/** spec §2: visiting the webinar page sets `{product}WebinarAccess=viewed` for one day. */
export function setWebinarCookie(product: string) {
  const maxAge = limits.webinarCookieDays * 24 * 60 * 60
  document.cookie = `${product}WebinarAccess=viewed; max-age=${maxAge}; path=/; SameSite=Lax`
}

export function WebinarPage({ product }: { product: string }) {
  useEffect(() => setWebinarCookie(product), [product])
  const videos = useWebinarVideos()
  return (
    <ContentPage
      name="webinar"
      after={
        videos.data && videos.data.length > 0 ? (
          <section aria-labelledby="webinar-videos">
            <h2 id="webinar-videos">
              <Trans>Session pages</Trans>
            </h2>
            <ul className="doc-grid">
              {videos.data.map((video) => (
                <li key={video.href} className="doc-card">
                  <VideoLink href={video.href}>
                    <span className="doc-card__title">{video.title}</span>
                    {video.date && <span className="doc-card__version">{video.date}</span>}
                    {video.description && <span className="doc-card__description">{video.description}</span>}
                  </VideoLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    />
  )
}

/** A session's page of our own (`/webinar/<session>`) opens in the same tab; an address elsewhere in a new one. */
function VideoLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) return <InternalLink href={href}>{children}</InternalLink>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}
