/** `pages/home?x=1` → `/miniapp-run/<appId>/pages/home/home.html?x=1` (contract: the page folder's html named after it). */
export function pageUrl(appId: string, page: string): string {
  const [path = '', query] = page.replace(/^\/+/, '').split('?', 2)
  const name = path.split('/').filter(Boolean).at(-1) ?? 'index'
  return `/miniapp-run/${encodeURIComponent(appId)}/${path}/${name}.html${query ? `?${query}` : ''}`
}

/** A page of the stack without its URL parameters (`pages/home`). */
export function pagePath(page: string): string {
  return page.split('?', 1)[0]!.replace(/^\/+/, '')
}
