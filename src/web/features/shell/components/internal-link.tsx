import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useWebviewPrefix } from '../use-webview-prefix.ts'

export interface InternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path such as `/products/docs/qrcode` (from content data); the webview prefix is added. */
  path: string
  replace?: boolean
}

/**
 * A link to a path known only at run time (menu and footer slugs, routes other features own): a real `<a>`
 * for middle-click and crawlers, a client-side navigation on a plain click.
 */
export function InternalLink({ path, replace, onClick, children, ...rest }: InternalLinkProps) {
  const router = useRouter()
  const href = `${useWebviewPrefix()}${path.startsWith('/') ? path : `/${path}`}`
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href, replace })
  }
  return (
    <a href={href} onClick={handle} {...rest}>
      {children}
    </a>
  )
}
