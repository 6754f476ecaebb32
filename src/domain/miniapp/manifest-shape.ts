/**
 * app.json's shape as the mini-app validator (validate.ts) reads it: the keys it knows, the values and sizes of
 * spec §3/§5, and PayLab's readings of colours, home icons, white-list entries and page paths. docs/miniapp.md.
 */

export const topKeys = [
  'appName',
  'version',
  'baseLibraryVersion',
  'headerImage',
  'previewImages',
  'icon',
  'pages',
  'window',
  'tabBar',
  'whiteListDomains',
  'permissions',
] as const
export const windowKeys = [
  'navigationBarBackgroundColor',
  'navigationBarTextStyle',
  'navigationBarTitleText',
  'navigationStyle',
  'backgroundColor',
  'enablePullDownRefresh',
] as const
export const tabBarKeys = ['textColor', 'backgroundColor', 'selectedColor', 'list'] as const
export const tabItemKeys = ['pagePath', 'text', 'iconPath', 'selectedIconPath'] as const

export const navigationBarTextStyles = ['white', 'black'] as const
export const navigationStyles = ['default', 'custom', 'none'] as const

/** Asset sizes of spec §5 (px). */
export const assetSizes = {
  tabIcon: { width: 24, height: 24 },
  preview: { width: 690, height: 690 },
  header: { width: 1125, height: 465 },
  icon: { width: 300, height: 300 },
} as const
export const maxPreviewImages = 5
export const tabCount = { min: 2, max: 5 } as const

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA` (PayLab's reading of a well-formed colour; the bridge's setters use the same test). */
export function isWellFormedColour(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value)
}

/**
 * The home-icon rule (spec §5 "Home icon may not be used in bottom navigation"), as PayLab recognises it: a tab whose
 * iconPath or selectedIconPath has a file name containing "home" or "house" (any case), e.g. `icons/home.png`,
 * `tab-house-on.png`. A drawing is not recognised by its pixels.
 */
export function isHomeIconPath(path: string): boolean {
  const name = path.split('/').pop() ?? ''
  return /home|house/i.test(name)
}

export type WhiteListProblem = 'scheme' | 'ip' | 'path' | 'port' | 'host'

/**
 * Reads a whiteListDomains entry: `https://` (or nothing: a bare host means HTTPS) and one public DNS host name (at least two labels, no wildcard, no
 * user name), no IP address, no port, no path, query or fragment (a single trailing `/` is allowed). Answers the
 * host (lower case) or the first problem.
 */
export function parseWhiteListEntry(entry: string): { host: string } | { problem: WhiteListProblem; host?: string } {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(.*)$/.exec(entry.trim())
  if (match && match[1]!.toLowerCase() !== 'https') return { problem: 'scheme', host: /^[^/:?#@]*/.exec(match[2]!)?.[0] || undefined }
  // a bare host means https: the wallet calls nothing else
  const rest = match ? match[2]! : entry.trim()
  const authority = /^[^/?#]*/.exec(rest)![0]
  const tail = rest.slice(authority.length)
  if (authority.includes('@')) return { problem: 'host' }
  let hostPart = authority
  let port: string | undefined
  if (hostPart.startsWith('[')) return { problem: 'ip' }
  const colon = hostPart.lastIndexOf(':')
  if (colon >= 0) {
    port = hostPart.slice(colon + 1)
    hostPart = hostPart.slice(0, colon)
  }
  const host = hostPart.toLowerCase().replace(/\.$/, '')
  if (/^\d+(\.\d+){0,3}$/.test(host) || /^0x[0-9a-f]+(\.|$)/.test(host)) return { problem: 'ip', host }
  const labels = host.split('.')
  const validLabel = (l: string) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)
  if (labels.length < 2 || !labels.every(validLabel) || !/^[a-z][a-z0-9-]*$/.test(labels[labels.length - 1]!) || host.length > 253)
    return { problem: 'host', host }
  if (port !== undefined) return { problem: 'port', host }
  if (tail !== '' && tail !== '/') return { problem: 'path', host }
  return { host }
}

/** A path of app.json (`./images/a.png`, `/images/a.png`) as a key of the files (`images/a.png`). */
export function normaliseAppPath(path: string): string {
  return path.replace(/^(\.\/|\/)+/, '')
}

/** The files of a page folder: `pages/home` → `pages/home/home.html`, …`.js`, …`.css`, …`.json`. */
export function pageFiles(page: string) {
  const folder = normaliseAppPath(page).replace(/\/+$/, '')
  const name = folder.split('/').pop() ?? folder
  const base = `${folder}/${name}`
  return { folder, name, html: `${base}.html`, js: `${base}.js`, css: `${base}.css`, json: `${base}.json` }
}

export const isPagePath = (value: string) =>
  value.length > 0 &&
  !value.startsWith('/') &&
  !value.includes('\\') &&
  !/(^|\/)\.\.?(\/|$)/.test(value) &&
  !/\.(html?|js|css|json)$/i.test(value) &&
  !value.includes('?') &&
  !value.includes('#')
