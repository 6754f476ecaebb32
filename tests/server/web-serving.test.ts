import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Manifest } from '@tanstack/router-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerRenderer } from '../../src/domain/server-render.ts'
import { routerManifest, ssrDirOf, stylesheetsOf } from '../../src/server/web.ts'
import { buildWeb } from '../../scripts/build-web.ts'
import { siteRepo } from '../../src/server/store/site-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

/**
 * The built portal as the server hands it out: every page rendered on the server in the saved language (issue 10),
 * unknown paths sent to the 404 page, hashed assets cached for good. Uses the portal built by `npm test` (built here
 * when it is missing or older than its sources).
 */
describe('web serving', () => {
  let t: TestApp
  beforeAll(async () => {
    await buildWeb()
    t = await createTestApp('pglite')
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(path, { headers })
    return { status: res.status, headers: res.headers, html: await res.text() }
  }

  it('renders a product page in English for Cookie: lang=en, text, title and <html lang> included, never cached', async () => {
    const { status, headers, html } = await page('/products/docs/webpayment', { cookie: 'lang=en' })
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(html).toMatch(/<h1[^>]*>Web Payment/)
    expect(html).toContain('<title>Web Payment | PayLab</title>')
    expect(html).toContain('<link rel="canonical" href="/products/docs/webpayment"')
    expect(html).toContain('<footer')
  })

  it('renders the mini-app studio with its loader buttons disabled until the page runs (a click before hydration would be lost)', async () => {
    const { status, html } = await page('/miniapp/studio', { cookie: 'lang=en' })
    expect(status).toBe(200)
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Run the example app<\/button>/)
    expect(html).toMatch(/<input[^>]*aria-label="Pick a mini-app folder"[^>]*disabled=""/)
  })

  it('sends the page compressed when the browser accepts it', async () => {
    const res = await t.app.request('/products/docs/webpayment', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })

  it('renders in Japanese without a language cookie', async () => {
    const { html } = await page('/products/docs/webpayment')
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ja">/)
    expect(html).toMatch(/<h1[^>]*>ウェブペイメント/)
  })

  it('renders the terms of use in English without a language cookie (spec §9), in Japanese when it was saved', async () => {
    expect((await page('/terms-of-use')).html).toContain('<h1>PayLab Developer Tools Agreement')
    expect((await page('/terms-of-use', { cookie: 'lang=jp' })).html).toContain('<h1>PayLab 開発者ツール利用規約')
  })

  it('writes every inline script with the answer’s CSP nonce', async () => {
    const { html } = await page('/')
    const scripts = html.match(/<script[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(1)
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    // a second answer (from the page cache) carries its own nonce
    const again = await page('/')
    const second = /<script nonce="([^"]+)"/.exec(again.html)?.[1]
    expect(second).toBeTruthy()
    expect(second).not.toBe(nonce)
    expect(again.html.replaceAll(second!, 'NONCE')).toBe(html.replaceAll(nonce!, 'NONCE'))
  })

  it('redirects unknown paths (and unknown doc slugs) to the 404 page, which answers 404; the 500 page answers 500', async () => {
    for (const path of ['/no-such-page', '/products/docs/no-such-product']) {
      const res = await t.app.request(path)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/not-found')
    }
    expect((await t.app.request('/webview/no-such-page')).headers.get('location')).toBe('/webview/not-found')
    const notFound = await page('/not-found', { cookie: 'lang=en' })
    expect(notFound.status).toBe(404)
    expect(notFound.html).toContain('Page not found')
    expect((await page('/internal-server-error')).status).toBe(500)
  })

  it('answers a signed-in page with its frame and a skeleton: the session lives in the browser', async () => {
    const { status, html } = await page('/dashboard/home')
    expect(status).toBe(200)
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('<footer')
  })

  /** The server renderer itself, as src/server/web.ts calls it (no page cache in front). */
  const rendered = async (url: string, cookie: string | null = null) => {
    const { render } = (await import(pathToFileURL(join(ssrDirOf(t.deps.config.webDist), 'entry-server.js')).href)) as ServerRenderer<Manifest>
    return render({
      url,
      origin: 'http://localhost',
      hostname: 'localhost',
      cookie,
      nonce: 'n',
      manifest: routerManifest(),
      fetch: (input, init) => Promise.resolve(t.app.request(input instanceof Request ? input : String(input), init)),
    })
  }

  it('sends an unknown doc slug to the 404 page even right after a page of the same route was rendered', async () => {
    for (const [known, unknown] of [
      ['/products/docs/webpayment', '/products/docs/no-such-product'],
      ['/miniapp/docs/getstarted', '/miniapp/docs/no-such-page'],
      ['/webview/products/docs/webpayment', '/webview/products/docs/no-such-product'],
    ]) {
      expect((await rendered(known!)).kind).toBe('page')
      const res = await t.app.request(unknown!)
      expect(res.status, unknown).not.toBe(200)
      expect(res.status, unknown).toBe(302)
      expect(res.headers.get('location'), unknown).toBe(unknown!.startsWith('/webview') ? '/webview/not-found' : '/not-found')
    }
  })

  it('renders pages side by side: concurrent renders in Japanese and English each keep their language', async () => {
    const urls = ['/products/docs/webpayment', '/miniapp/docs/getstarted', '/about', '/account/signin']
    const renders = urls.flatMap((url) => [
      rendered(url, 'lang=jp').then((r) => ({ url, lang: 'ja', r })),
      rendered(url, 'lang=en').then((r) => ({ url, lang: 'en', r })),
    ])
    const results = await Promise.all(renders)
    const english = /<html lang="en">/
    const japanese = /<html lang="ja">/
    for (const { url, lang, r } of results) {
      expect(r, `${url} ${lang}`).toMatchObject({ kind: 'page', status: 200, lang })
      const html = r.kind === 'page' ? r.html : ''
      expect(html, `${url} ${lang}`).toMatch(lang === 'en' ? english : japanese)
      // the shell's texts (Lingui) and the content (the request's API calls) are in the page's language
      expect(html, `${url} ${lang}`).toContain(lang === 'en' ? '>Products<' : '>プロダクト<')
      expect(html, `${url} ${lang}`).not.toContain(lang === 'en' ? '>プロダクト<' : '>Products<')
    }
    const doc = (lang: string) => {
      const { r } = results.find((x) => x.url === '/products/docs/webpayment' && x.lang === lang)!
      return r.kind === 'page' ? r.html : ''
    }
    expect(doc('en')).toMatch(/<h1[^>]*>Web Payment/)
    expect(doc('ja')).toMatch(/<h1[^>]*>ウェブペイメント/)
  })

  it('renders every public page in one pass: the route loaders fetch all the data its components ask for', async () => {
    const pages = ['/', '/products/docs', '/products/docs/webpayment', '/miniapp/docs', '/miniapp/docs/getstarted', '/apireference', '/app-styleguide']
    pages.push('/app-styleguide/globalrule/color', '/app-styleguide/component/buttons', '/products/mini-apps', '/terms-of-use', '/about', '/faq')
    pages.push('/webinar?product=paylab', '/not-found', '/account/signin', '/account/signup', '/develop/resolve', '/demo/catalogue', '/demo/panel')
    for (const url of pages) {
      const result = await rendered(url, 'lang=en')
      expect(result, url).toMatchObject({ kind: 'page', unanswered: [] })
    }
  })

  it('keeps login-access pages out of the page cache: the renderer reads it from the matched routes, not from a path list', async () => {
    for (const url of ['/dashboard/home', '/webview/settings?tab=api-keys', '/develop/paylab-lab', '/dashboard/sandbox']) {
      expect(await rendered(url), url).toMatchObject({ kind: 'page', status: 200, loginAccess: true })
    }
    for (const url of ['/about', '/develop/resolve', '/products/docs/webpayment']) {
      expect(await rendered(url), url).toMatchObject({ kind: 'page', status: 200, loginAccess: false })
    }
  })

  it('does not answer from the page cache once what the page shows has changed (here: maintenance switched on)', async () => {
    expect((await page('/about')).status).toBe(200)
    expect((await page('/about')).status).toBe(200) // from the cache
    const repo = siteRepo(t.deps.store.db)
    await repo.setMaintenance({ maintenanceMode: true, maintenanceDesc: { ja: [], en: [] } })
    try {
      const res = await t.app.request('/about')
      expect(res.status).toBe(307)
      expect(res.headers.get('location')).toBe('/maintenance')
    } finally {
      await repo.setMaintenance({ maintenanceMode: false, maintenanceDesc: { ja: [], en: [] } })
    }
    expect((await page('/about')).status).toBe(200)
  })

  it('answers HEAD on a page route like GET, without a body (link checkers, uptime probes)', async () => {
    const res = await t.app.request('/products/docs/webpayment', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toBe('')
  })

  it('starts the JavaScript after the first paint: no script or preload request in the head, one nonced loader at the end of the body', async () => {
    const res = await t.app.request('/')
    const html = await res.text()
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toMatch(/<script[^>]+src=|rel="modulepreload"|rel="stylesheet"/)
    const loader = /<script nonce="([^"]+)" data-paylab-entry>(.*?)<\/script><\/body>/.exec(html)
    expect(loader?.[1]).toBe(nonce)
    expect(loader?.[2]).toMatch(/first-contentful-paint/)
    expect(loader?.[2]).toMatch(/import\("\/assets\/main-[^"]+\.js"\)/)
  })

  it('inlines only the CSS the page uses; the loader adds the whole stylesheet after the first paint', async () => {
    const [sheet] = stylesheetsOf(t.deps.config.webDist)
    const whole = readFileSync(join(t.deps.config.webDist, sheet!), 'utf8')
    const { html } = await page('/products/docs/webpayment')
    const inline = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(inline).toContain('.doc-breadcrumbs')
    expect(whole).toContain('.sg-layout')
    expect(inline).not.toContain('.sg-layout') // the style guide's frame is not on a docs page
    expect(inline.length).toBeLessThan(whole.length / 3)
    const loader = /<script nonce="[^"]+" data-paylab-entry>(.*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(loader).toContain(`"/${sheet}"`)
    expect(loader).toContain("l.rel='stylesheet'")
  })

  it('holds the first paint of a docs page until its title, the largest element on a phone, is parsed (issue 19)', async () => {
    const { html } = await page('/products/docs/webpayment')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain('<link rel="expect" href="#page-title" blocking="render">')
    expect(html).toContain('<header class="doc-header" id="page-title"><h1>ウェブペイメント</h1>')
    // a page whose title has no id is not held
    expect((await page('/')).html).not.toContain('rel="expect"')
  })

  it('serves hashed assets with a year of immutable caching', async () => {
    const asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec((await page('/')).html)?.[1]
    const res = await t.app.request(asset!)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('keeps API paths out of the pages: an unknown API path is a 404 in the error shape', async () => {
    const res = await t.json('GET', '/dev/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
  })
})
