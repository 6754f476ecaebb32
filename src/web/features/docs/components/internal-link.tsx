import { useRouter, useRouterState } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/** Keeps the optional `/webview` first segment when following a content link (spec §2: every route accepts it). */
export function useWithWebview() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const webview = pathname === '/webview' || pathname.startsWith('/webview/')
  return (href: string) => (webview && href.startsWith('/') && !href.startsWith('/webview') ? `/webview${href === '/' ? '' : href}` : href)
}

/** A link to a path inside the portal, followed by the router (no reload); modified clicks keep browser behaviour. */
export function InternalLink({ href, children, ...rest }: { href: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const router = useRouter()
  const withWebview = useWithWebview()
  const target = withWebview(href)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (href.startsWith('#')) return
    event.preventDefault()
    router.history.push(target)
  }
  return (
    <a {...rest} href={target} onClick={onClick}>
      {children}
    </a>
  )
}
