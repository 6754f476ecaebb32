import { splitWebview } from '../../src/domain/site-paths.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { test, expect, type APIRequestContext } from '../support/hydrated-test.ts'

/**
 * No internal link leads nowhere (issue 12): every link of every server-rendered public page, in Japanese and in
 * English, and every link of the signed-in tools, must answer a page — not a 404 and not the /not-found page. The
 * public pages are crawled over HTTP (their HTML carries every link); only the signed-in tools, which render in the
 * browser, are opened in a page.
 */

const origin = () => test.info().project.use.baseURL!
/** Not pages of the portal: the APIs, the sandbox's wallet pages, the mailbox. */
const notPortal = /^\/(v1|v2|dev|api|sandbox|openapi\.json|healthz)(\/|$)/

function internalLinksOf(html: string, base: string): string[] {
  const links: string[] = []
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const href = m[1]!.replace(/&amp;/g, '&')
    if (/^(mailto:|tel:|javascript:|#)/i.test(href)) continue
    const url = new URL(href, base)
    if (url.origin !== origin()) continue
    links.push(url.pathname + url.search)
  }
  return links
}

interface Broken {
  link: string
  from: string
  why: string
}

/** Checks one link over HTTP; answers its HTML when it is a public page worth crawling further. */
async function check(request: APIRequestContext, link: string, lang: 'jp' | 'en'): Promise<{ broken?: string; html?: string }> {
  const res = await request.get(link, { headers: { cookie: `lang=${lang}` }, maxRedirects: 5 })
  const finalPath = new URL(res.url()).pathname
  if (res.status() === 404) return { broken: '404' }
  if (splitWebview(finalPath).path === '/not-found') return { broken: `redirected to ${finalPath}` }
  if (res.status() >= 400) return { broken: String(res.status()) }
  const type = res.headers()['content-type'] ?? ''
  if (!type.includes('text/html')) return {}
  const html = await res.text()
  // a login-access page: the server answers its frame with a skeleton (public pages never have one), its page is the browser's
  return html.includes('aria-busy="true"') ? {} : { html }
}

/** Crawls from `start` over HTTP in `lang`, following the links of public pages when `follow`; answers what it found. */
async function crawl(request: APIRequestContext, lang: 'jp' | 'en', start: Map<string, string>, follow: boolean) {
  const broken: Broken[] = []
  let checked = 0
  const seen = new Set<string>(start.keys())
  let frontier = [...start]
  while (frontier.length) {
    const next: [string, string][] = []
    for (let i = 0; i < frontier.length; i += 12) {
      await Promise.all(
        frontier.slice(i, i + 12).map(async ([link, from]) => {
          const result = await check(request, link, lang)
          checked++
          if (result.broken) broken.push({ link, from, why: result.broken })
          if (!follow || !result.html) return
          for (const found of internalLinksOf(result.html, origin() + link)) {
            const path = found.split('?')[0]!
            if (seen.has(found) || notPortal.test(path)) continue
            seen.add(found)
            next.push([found, link])
          }
        }),
      )
    }
    frontier = next
  }
  return { broken, checked, seen }
}

const report = (broken: Broken[]) => broken.map((b) => `${b.link} (on ${b.from}): ${b.why}`).join('\n')

// Three tests, each with its own time: a fresh server renders every page once (200+ links per language); about
// 10–15 s each on an idle machine, the bound leaves room for a machine busy with other suites.
test.describe.configure({ mode: 'parallel', timeout: 90_000 })

for (const lang of ['jp', 'en'] as const) {
  test(`every internal link of the public pages leads to a page (${lang})`, async ({ request }) => {
    const { broken, checked, seen } = await crawl(request, lang, new Map([['/', 'start']]), true)
    expect(checked).toBeGreaterThan(50)
    expect(broken, report(broken)).toEqual([])
    // the pages that replaced links to unreachable *.paylab.example hosts (issue 20) are reached and crawled too, and the
    // flows pages from the footer (issue 30)
    for (const own of ['/privacy', '/faq', '/demo/catalogue', '/webinar/getting-started', '/webinar/mini-apps', '/flows', '/flows/sign-in'])
      expect(seen, own).toContain(own)
  })
}

test('every internal link of the signed-in tools leads to a page', async ({ page, request }) => {
  // the signed-in tools render in the browser: collect their links there, check them over HTTP
  await signInThroughApi(page, 'crawl')
  // (the resolver is public and crawled above; the lab's tabs share their links)
  const tools = ['/dashboard/home', '/dashboard/transactions', '/settings', '/develop/paylab-lab?product=webcashier']
  const fromTools = new Map<string, string>()
  for (const tool of tools) {
    await page.goto(tool)
    await expect(page.locator('main h1')).toBeVisible()
    expect(new URL(page.url()).pathname, `${tool} opens`).not.toBe('/not-found')
    const hrefs = await page.locator('main a[href], header a[href], aside a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
    for (const href of hrefs) {
      const url = new URL(href)
      if (url.origin === origin() && !notPortal.test(url.pathname) && !fromTools.has(url.pathname + url.search)) fromTools.set(url.pathname + url.search, tool)
    }
  }
  const { broken, checked } = await crawl(request, 'jp', fromTools, false)
  expect(checked).toBeGreaterThan(5)
  expect(broken, report(broken)).toEqual([])
})
