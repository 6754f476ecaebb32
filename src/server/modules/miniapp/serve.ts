import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import { appIdSchema } from '@/domain/miniapp-runtime.ts'
import * as v from 'valibot'
import { contentTypeOf, normalisePath, type StoredApp } from './files.ts'

/** The in-frame `pp` client's source (the bridge part of the portal, src/web/features/miniapp-studio/bridge). */
export const ppClientSource = fileURLToPath(new URL('../../../web/features/miniapp-studio/bridge/pp-client.ts', import.meta.url))

let ppScript: Promise<string> | undefined
/**
 * `/miniapp-run/_pp.js`: the pp client bundled once per process with esbuild (the bundler under tsx, which runs the
 * server) into one classic script that installs `window.pp`.
 */
export const ppClientScript = () =>
  (ppScript ??= import('esbuild') // loaded on the first request for it, not at every start
    .then(({ build }) =>
      build({
        stdin: {
          contents: `import { installPp } from ${JSON.stringify(ppClientSource)}\ninstallPp(window)\n`,
          resolveDir: fileURLToPath(new URL('.', import.meta.url)),
          loader: 'ts',
        },
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: true,
        legalComments: 'none',
        alias: { '@': fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '') },
      }),
    )
    .then((out) => out.outputFiles[0]!.text)
    .catch((error: unknown) => {
      ppScript = undefined
      throw error
    }))

/**
 * What every file of a mini app is answered with (contract: "so a file opened outside the studio is also
 * sandboxed"): the page runs in a unique opaque origin (`sandbox` without allow-same-origin), scripts and styles of
 * this server only (inline ones too: it is the app's own page), no network of its own (`connect-src 'none'`: pp.request
 * goes through the portal), no plugins, framed only by the portal.
 */
export function miniAppCsp(origin: string) {
  return [
    'sandbox allow-scripts allow-forms',
    `default-src 'self' ${origin}`,
    `script-src 'self' ${origin} 'unsafe-inline'`,
    `style-src 'self' ${origin} 'unsafe-inline'`,
    `img-src 'self' ${origin} data: blob:`,
    `font-src 'self' ${origin} data:`,
    `media-src 'self' ${origin} data: blob:`,
    `connect-src 'none'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'self'`,
  ].join('; ')
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * A page's html as the wallet loads it: the pp client first (right after `<head>`, or at the very start), the page's
 * css (`<link>`) in the head, the page's js at the end of the body. Paths are relative to the page's folder.
 */
export function injectPage(html: string, page: { name: string; hasCss: boolean; hasJs: boolean }): string {
  const pp = '<script src="/miniapp-run/_pp.js"></script>'
  const css = page.hasCss ? `<link rel="stylesheet" href="${escapeAttr(page.name)}.css">` : ''
  const js = page.hasJs ? `<script src="${escapeAttr(page.name)}.js"></script>` : ''
  let out = html
  const head = /<head\b[^>]*>/i.exec(out)
  if (head) out = `${out.slice(0, head.index + head[0].length)}${pp}${out.slice(head.index + head[0].length)}`
  else {
    const htmlTag = /<html\b[^>]*>/i.exec(out)
    const doctype = /^\s*<!doctype[^>]*>/i.exec(out)
    const at = htmlTag ? htmlTag.index + htmlTag[0].length : doctype ? doctype[0].length : 0
    out = `${out.slice(0, at)}${pp}${out.slice(at)}`
  }
  if (css) {
    const close = /<\/head>/i.exec(out)
    out = close ? `${out.slice(0, close.index)}${css}${out.slice(close.index)}` : out.replace(pp, `${pp}${css}`)
  }
  if (js) {
    const close = /<\/body>/i.exec(out)
    out = close ? `${out.slice(0, close.index)}${js}${out.slice(close.index)}` : `${out}${js}`
  }
  return out
}

/** The page folder an html file is the page of (`pages/home/home.html` of a listed `pages/home`), or undefined. */
export function pageOf(app: StoredApp, path: string) {
  const slash = path.lastIndexOf('/')
  if (slash < 0 || !path.endsWith('.html')) return undefined
  const folder = path.slice(0, slash)
  const name = folder.slice(folder.lastIndexOf('/') + 1)
  if (path !== `${folder}/${name}.html`) return undefined
  const listed = (app.manifest?.pages ?? []).map((p) => p.replace(/^\/+|\/+$/g, ''))
  if (!listed.includes(folder)) return undefined
  return { folder, name, hasCss: app.files.has(`${folder}/${name}.css`), hasJs: app.files.has(`${folder}/${name}.js`) }
}

/** `/miniapp-run`: `_pp.js`, then `/:appId/<path>` (the app's files). */
export function runRoutes(loadApp: (appId: string) => Promise<StoredApp>) {
  const run = new Hono()
  const origin = (c: Context) => new URL(c.req.url).origin

  run.get('/_pp.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(await ppClientScript())
  })

  run.get('/:appId/*', async (c) => {
    const appId = v.safeParse(appIdSchema, c.req.param('appId'))
    if (!appId.success) throw new ApiError('MINIAPP_NOT_FOUND')
    const prefix = `/miniapp-run/${appId.output}/`
    const rawPath = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : ''
    let decoded: string
    try {
      decoded = decodeURIComponent(rawPath)
    } catch {
      throw new ApiError('MINIAPP_FILE_NOT_FOUND')
    }
    const path = normalisePath(decoded)
    if (!path.ok) throw new ApiError('MINIAPP_FILE_NOT_FOUND')
    const app = await loadApp(appId.output)
    const bytes = app.files.get(path.path)
    if (!bytes) throw new ApiError('MINIAPP_FILE_NOT_FOUND')
    c.header('Content-Security-Policy', miniAppCsp(origin(c)))
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', contentTypeOf(path.path))
    const page = pageOf(app, path.path)
    if (page) return c.body(injectPage(new TextDecoder().decode(bytes), page))
    return c.body(new Uint8Array(bytes))
  })

  return run
}
