import type { MiddlewareHandler } from 'hono'
import type { Config } from './config.ts'
import { cspNonce } from './csp.ts'

/**
 * Security headers of every HTML answer (portal pages, wallet/cashier pages, the mailbox), however the HTML was
 * produced: the middleware runs after the handler and looks only at the answer's Content-Type.
 *
 * - `script-src 'self' 'nonce-…'`: no inline script runs unless the server wrote it with `cspNonce(c)`;
 *   styles are not restricted (React style attributes and the wallet's one <style> are inline).
 * - `frame-ancestors 'self'` (+ PUBLIC_ORIGIN): the portal's demos may frame the sandbox cashier and consent
 *   pages, a foreign site may frame nothing; `X-Frame-Options: SAMEORIGIN` says the same to older browsers.
 * - No `form-action`: the consent page's form ends in a redirect to the merchant's site, which it would block.
 */
export function securityHeaders(config: Pick<Config, 'publicOrigin'>): MiddlewareHandler {
  const ancestors = ["'self'", ...(config.publicOrigin ? [new URL(config.publicOrigin).origin] : [])].join(' ')
  return async (c, next) => {
    await next()
    const type = c.res.headers.get('content-type') ?? ''
    if (!/^text\/html\b/i.test(type)) return
    // a route that wrote its own policy keeps it (the mini apps' pages: sandbox, modules/miniapp/serve.ts)
    if (c.res.headers.has('Content-Security-Policy')) return
    const nonce = cspNonce(c)
    c.header(
      'Content-Security-Policy',
      [`script-src 'self' 'nonce-${nonce}'`, `object-src 'none'`, `base-uri 'self'`, `frame-ancestors ${ancestors}`].join('; '),
    )
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('X-Frame-Options', 'SAMEORIGIN')
    // a stricter policy a route chose (the wallet pages: same-origin) stays
    if (!c.res.headers.has('Referrer-Policy')) c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
  }
}
