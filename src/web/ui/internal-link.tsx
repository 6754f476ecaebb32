import { useParams, useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/** Prefixes a site path with `/webview` inside webview mode (spec §2: every route accepts that first segment). */
export function useWebviewHref(): (path: string) => string {
  const params = useParams({ strict: false })
  const prefix = params.webview === 'webview' ? '/webview' : ''
  return (path) => {
    // in-page anchors and absolute URLs are not site paths
    if (path.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return path
    const absolute = path.startsWith('/') ? path : `/${path}`
    if (!prefix || absolute === '/webview' || absolute.startsWith('/webview/')) return absolute
    return absolute === '/' ? prefix : `${prefix}${absolute}`
  }
}

export interface InternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path known only at run time (content slugs, routes of other features), e.g. `/products/docs/qrcode`. */
  href: string
  replace?: boolean
}

/**
 * A link to a portal path that is not a typed route: a real `<a>` (middle-click, crawlers), a client-side
 * navigation on a plain click, and the `/webview` segment kept.
 */
export function InternalLink({ href, replace, onClick, children, ...rest }: InternalLinkProps) {
  const router = useRouter()
  const target = useWebviewHref()(href)
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (target.startsWith('#')) return // the browser scrolls to in-page anchors itself
    event.preventDefault()
    void router.navigate({ href: target, replace })
  }
  return (
    <a href={target} onClick={handle} {...rest}>
      {children}
    </a>
  )
}
