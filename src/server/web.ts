import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'
import { LRUCache } from 'lru-cache'
import type { Manifest } from '@tanstack/router-core'
import { langFromCookieHeader } from '@/domain/i18n.ts'
import { firstPaintId, type ServerRenderer } from '@/domain/server-render.ts'
import type { AppEnv } from './http/app-env.ts'
import { library } from './content/library.ts'
import { siteRepo } from './store/site-repo.ts'
import { cspNonce } from './csp.ts'
import { pageCss } from './page-css.ts'
import type { AppDeps } from './deps.ts'

/** What the server renderer built by `vite build --ssr` exports (src/web/entry-server.tsx). */
type Renderer = ServerRenderer<Manifest>

/** Where the server build of a client build in `webDist` lives (scripts/build-web.ts writes both). */
export const ssrDirOf = (webDist: string) => `${webDist}-ssr`

interface ViteManifestChunk {
  file: string
  isEntry?: boolean
  css?: string[]
  imports?: string[]
}

const viteManifest = (webDist: string) => JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>

/** The stylesheets of a client build (one with `build.cssCodeSplit: false`, vite.config.ts), in manifest order. */
export function stylesheetsOf(webDist: string): string[] {
  const vite = viteManifest(webDist)
  return [...new Set(Object.values(vite).flatMap((chunk) => [...(chunk.css ?? []), ...(chunk.file.endsWith('.css') ? [chunk.file] : [])]))]
}

/**
 * TanStack Router's manifest for the client build: empty. The router would write the entry as a `<script type=module>`
 * and its imports as `modulepreload` links, which the browser requests while it is still parsing the page, before its
 * first paint; the entry is loaded by `entryLoader` after that paint instead (docs/performance.md).
 */
export const routerManifest = (): Manifest => ({ routes: { __root__: {} } })

/** The loader starts the entry after this long even if no paint was reported (a browser without paint timing). */
const entryLoaderFallbackMs = 3000

/**
 * The script that starts the portal's JavaScript: at the end of the body, once the browser reports the first
 * contentful paint (a `paint` PerformanceObserver, then a task; `requestAnimationFrame` then a task where paint
 * timing is missing; after 3 s at the latest), it preloads the entry's static imports and imports the entry, which
 * hydrates the page, and adds the build's whole stylesheet (the page inlines only the rules its HTML uses, `pageStyles`;
 * a stylesheet added by a script does not hold rendering back). The server's HTML is complete and styled without it,
 * so the first paint waits for nothing but the HTML. (A frame callback alone raced the paint: on about one Lighthouse run in three the scripts were requested
 * before Chromium painted, and LCP read 1.7 s instead of 0.9 s.) A hidden tab (which paints nothing) starts at once.
 * The element carries `data-paylab-entry` (tests wait for hydration on pages that have it) and the request's CSP nonce.
 */
export function entryLoader(webDist: string): (nonce: string) => string {
  const vite = viteManifest(webDist)
  const entry = Object.values(vite).find((chunk) => chunk.isEntry)
  if (!entry) throw new Error(`no entry in ${webDist}/.vite/manifest.json`)
  const preloads = JSON.stringify((entry.imports ?? []).map((key) => `/${vite[key]!.file}`))
  const sheets = JSON.stringify(stylesheetsOf(webDist).map((file) => `/${file}`))
  const code =
    `(function(){var s=0;function go(){if(s++)return;${sheets}.forEach(function(f){var l=document.createElement('link');` +
    `l.rel='stylesheet';l.href=f;document.head.appendChild(l)});${preloads}.forEach(function(f){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=f;document.head.appendChild(l)});import(${JSON.stringify(`/${entry.file}`)})}` +
    `function later(){setTimeout(go,0)}if(document.visibilityState==='hidden')return go();setTimeout(go,${entryLoaderFallbackMs});` +
    `try{if(performance.getEntriesByName('first-contentful-paint').length)return later();var o=new PerformanceObserver(function(l){` +
    `if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}});o.observe({type:'paint',buffered:true})}` +
    `catch(e){requestAnimationFrame(later)}})()`
  return (nonce) => `<script nonce="${nonce}" data-paylab-entry>${code}</script>`
}

/**
 * The CSS a rendered page uses (src/server/page-css.ts: the rules of the build's stylesheet whose selectors its HTML can
 * match; ~15 % of the ~80 KB on a docs page) as one `<style>` element for the head, carrying the request's CSP nonce
 * (`nonce` is replaced per answer like every other nonce of the page). React 19 skips the element when it hydrates the
 * head; the whole stylesheet is added after the first paint (`entryLoader`).
 */
function pageStyles(webDist: string): (html: string, nonce: string) => string {
  const css = stylesheetsOf(webDist)
    .map((file) => readFileSync(join(webDist, file), 'utf8'))
    .join('\n')
  const used = pageCss(css, { trim: true })
  return (html, nonce) => `<style nonce="${nonce}">${used(html).replaceAll('</style', '<\\/style')}</style>`
}

/**
 * A docs page's title (the element `firstPaintId`: the page's `<h1>` and subtitle) is its largest element on a phone,
 * and the first paint waits until it is parsed: `<link rel="expect" blocking="render">` (issue 19). Without it Chromium
 * painted as soon as its parser first yielded, often with the header alone, and painted the title a frame later, after
 * a second style and layout pass over the page (~0.1 s at Lighthouse's 4× CPU slowdown): the title, LCP, came after
 * FCP. With it, the first frame has the title in it; a browser without `rel=expect` ignores the link. A page without
 * such an element is not held.
 */
export function firstPaintWaitsFor(html: string): string {
  return html.includes(` id="${firstPaintId}"`) ? `<link rel="expect" href="#${firstPaintId}" blocking="render">` : ''
}

/**
 * What a server-rendered page depends on besides its address: the saved language (cookie), the host (host rules of
 * the home page), the content (the library's version: any content change is another key) and the maintenance
 * switch (the guard sends every page to the maintenance page). The session never: the server cannot see it.
 */
async function pageKey(deps: AppDeps, url: URL, cookie: string | null): Promise<string> {
  const [content, maintenance] = await Promise.all([library(), siteRepo(deps.store.db).getMaintenance()])
  const maintenanceMode = deps.config.maintenanceMode ?? maintenance.maintenanceMode
  return JSON.stringify([url.pathname, url.search, url.hostname, langFromCookieHeader(cookie), content.version, maintenanceMode, maintenance.maintenanceDesc])
}

interface CachedPage {
  status: number
  html: string
  lang: string
  /** The nonce written into `html`; each answer replaces it with its own. */
  nonce: string
}

/** Paths answered with a rendered page (not an API, not a file of the build). */
const isPagePath = (path: string) => !isApiPath(path) && !path.startsWith('/.') && !/\.[a-z0-9]+$/i.test(path)

/** Paths that belong to an API: they answer in the error shape, never with the portal's HTML. */
const apiPrefixes = ['/v1/', '/v2/', '/dev/', '/sandbox/api/', '/healthz', '/openapi.json']
export const isApiPath = (path: string) => apiPrefixes.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))

/**
 * The built portal: hashed assets cached forever (precompressed), other files of the build as they are, and every
 * other GET a page rendered on the server (src/web/entry-server.tsx), never cached by the browser.
 */
export function serveWeb(app: Hono<AppEnv>, deps: AppDeps) {
  const root = deps.config.webDist
  const entry = join(ssrDirOf(root), 'entry-server.js')
  // API-only processes (server tests, the bench) have no built portal; `npm start` builds before it listens.
  if (!existsSync(root) || !existsSync(entry)) return
  const manifest = routerManifest()
  const loader = entryLoader(root)
  const styles = pageStyles(root)
  let renderer: Promise<Renderer> | undefined
  // the rendered pages, least recently used first out
  const cache = new LRUCache<string, CachedPage>({ max: 500 })
  app.use(
    '/assets/*',
    async (c, next) => {
      await next()
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    },
    serveStatic({ root, precompressed: true }),
  )
  // a page's HTML (a product page is ~200 KB with its dehydrated data) is on the path of the first paint: compressed
  const compressPage = compress()
  app.use('*', (c, next) => (isPagePath(c.req.path) && c.req.method === 'GET' ? compressPage(c, next) : next()))
  app.use('*', async (c, next) => {
    const head = c.req.method === 'HEAD'
    if (isApiPath(c.req.path) || (c.req.method !== 'GET' && !head)) return next()
    // the build's own files (Vite's manifest in /.vite) are not the site's
    if (c.req.path.startsWith('/.')) return next()
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return serveStatic({ root, precompressed: true })(c, next)
    const url = new URL(c.req.url)
    const cookie = c.req.header('cookie') ?? null
    const nonce = cspNonce(c)
    c.header('Cache-Control', 'no-store')
    const key = await pageKey(deps, url, cookie)
    const cached = cache.get(key)
    if (cached) {
      c.header('Content-Language', cached.lang)
      const html = cached.html.replaceAll(cached.nonce, nonce)
      return head ? c.body(null, cached.status as 200, { 'Content-Type': 'text/html; charset=UTF-8' }) : c.html(html, cached.status as 200)
    }
    const { render } = await (renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>)
    const result = await render({
      url: `${url.pathname}${url.search}`,
      origin: url.origin,
      hostname: url.hostname,
      cookie,
      nonce,
      manifest,
      fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
    })
    if (result.kind === 'redirect') return c.redirect(result.location, result.status as 302)
    // a component asked for data its route's loader does not fetch: the page went out with a skeleton there
    if (result.unanswered.length) deps.log.warn('page rendered without data its components asked for', { path: result.path, queries: result.unanswered })
    const withStyles = result.html.replace('</head>', `${styles(result.html, nonce)}${firstPaintWaitsFor(result.html)}</head>`)
    const bodyEnd = withStyles.lastIndexOf('</body>')
    const html = `${withStyles.slice(0, bodyEnd)}${loader(nonce)}${withStyles.slice(bodyEnd)}`
    if (result.status === 200 && !result.loginAccess) cache.set(key, { ...result, html, nonce })
    c.header('Content-Language', result.lang)
    // HEAD (link checkers, uptime probes) gets the headers of the page without its body
    return head ? c.body(null, result.status as 200, { 'Content-Type': 'text/html; charset=UTF-8' }) : c.html(html, result.status as 200)
  })
}
