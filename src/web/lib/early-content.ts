/**
 * The content request of a docs page, started by an inline script in index.html while the bundle downloads
 * (docs/performance.md). The page's text is its largest paint; without this, its request could only start once the
 * bundle had been downloaded and run. The portal's http client takes the response over when it asks for the same
 * URL (`takeEarlyResponse`); should the routes and this mapping ever disagree, the early request is simply not used
 * (`tests/e2e/performance.spec.ts` checks that each docs page makes exactly one content request).
 *
 * `startEarlyContent` is written into index.html as source text by vite.config.ts, so it uses no imports, no
 * closures and nothing but the platform.
 */

export interface EarlyContent {
  url: string
  response: Promise<Response>
}

declare global {
  // set by the inline script on window, read by the portal on globalThis (the same object in a browser)
  var __paylabEarlyContent: EarlyContent | undefined
}

export function startEarlyContent(langKey: string, tokenKey: string): void {
  try {
    // signed in, the portal asks for pages with the token (protected pages), which this request cannot carry
    if (localStorage.getItem(tokenKey)) return
    const path = location.pathname.replace(/^\/webview(?=\/|$)/, '').replace(/\/+$/, '') || '/'
    const doc = /^\/(products|miniapp)\/docs(?:\/(.+))?$/.exec(path)
    if (path !== '/' && !doc) return
    const query = new URLSearchParams({
      type: !doc ? 'page' : doc[1] === 'products' ? 'openPaymentApi' : 'miniappDocumentation',
      slug: !doc ? 'home' : (doc[2] ?? 'index'),
      lang: localStorage.getItem(langKey) === 'en' ? 'en' : 'jp',
    })
    const url = `/dev/config/pages?${query.toString()}`
    window.__paylabEarlyContent = { url, response: fetch(url, { headers: { accept: 'application/json' } }) }
  } catch {
    // no storage or no fetch: the portal makes the request itself
  }
}

/** The early response for this URL, once; later asks (and other URLs) go to the network. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = globalThis.__paylabEarlyContent
  if (!early || early.url !== url) return undefined
  globalThis.__paylabEarlyContent = undefined
  return early.response
}
