import axe from 'axe-core'
import { expect, test, type Page } from '../support/hydrated-test.ts'
import { settleAnimations } from '../support/animations.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'

/**
 * Issue 11: every page holds from a phone to a wide desktop, in both languages, signed out and signed in. For each
 * route and language one page is loaded once and then resized through the widths (a person turning a tablet, a
 * window being resized): at each width the document must not scroll sideways and the article's text must not lie
 * under a sticky or fixed element (sidebar, table of contents, header); in each band of breakpoints axe finds
 * nothing serious or critical in Japanese, and in English at 1280 px (on the docs pages nothing at all).
 *
 * Run alone: `E2E_PORT=4401 npx playwright test tests/e2e/layout-widths.spec.ts`.
 */

export const layoutWidths = [360, 390, 768, 1024, 1280, 1920]
/**
 * axe runs once per band of the CSS's breakpoints (≤ 600, 601–900, 901–1139, ≥ 1140/1280), not at every width: what
 * it checks (names, roles, contrast, landmarks) changes only where the layout does, and each run costs seconds.
 */
const axeWidths = new Set([390, 768, 1024, 1280])
/**
 * What axe finds depends on the roles, names and styles of a band's layout; the language changes the text inside the
 * same elements. So the bands are checked in Japanese (the default), and English once, at the desktop width: there the
 * names it reads (a label two landmarks share, an empty name) are the English ones.
 */
const axeWidthsOf = { jp: axeWidths, en: new Set([1280]) }
/**
 * Pages on which every finding counts at 1280 px in English, not only the serious and critical ones (what
 * tests/e2e/docs-*.spec.ts checked on them, loading them once more).
 */
const everyImpactRoutes = new Set(['/', '/products/docs/webpayment', '/miniapp/docs/features/mfPayment', '/apireference', '/terms-of-use'])
const langs = ['jp', 'en'] as const

const publicRoutes = [
  '/',
  '/products/docs/webpayment',
  '/miniapp/docs/features/mfPayment',
  '/apireference',
  '/app-styleguide/globalrule/color',
  '/app-styleguide/component/buttons',
  '/terms-of-use',
  '/about',
  '/webinar',
  '/demo/panel',
  '/flows',
  '/flows/sign-in',
  '/not-found',
  '/account/signin',
  '/account/signup',
  '/account/forgotPassword',
]
const signedInRoutes = ['/dashboard/home', '/dashboard/transactions', '/settings', '/develop/resolve', '/develop/paylab-lab']

/** What is wrong with the page at its current width: sideways scroll, covered text. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) {
      // name the culprits so a failure says where to look: the outermost boxes past the edge that no scrolling
      // box of their own clips
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return true
        }
        return false
      }
      const past = (el: Element) => el.getBoundingClientRect().right > root.clientWidth + 1
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => past(el) && getComputedStyle(el).position !== 'fixed' && !clipped(el))
        .filter((el) => !el.parentElement || !past(el.parentElement))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`)
      faults.push(`scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}; ${wide.join(', ')}`)
    }
    const main = document.querySelector('main')
    if (!main) return [...faults, 'no <main>']
    const texts = [...main.querySelectorAll<HTMLElement>('h1, h2, h3, p')].filter((el) => el.offsetParent !== null && el.textContent!.trim() !== '')
    // a spread sample: the top of the page, its middle and its end
    const sample = texts.length <= 8 ? texts : Array.from({ length: 8 }, (_, i) => texts[Math.floor((i * (texts.length - 1)) / 7)]!)
    for (const el of sample) {
      const container = el.closest('article') ?? main
      el.scrollIntoView({ block: 'center', behavior: 'instant' })
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      const y = rect.top + Math.min(rect.height / 2, 10)
      for (const x of [rect.left + 4, rect.left + rect.width / 2, rect.right - 4]) {
        if (x < 0 || x >= root.clientWidth) continue
        const hit = document.elementFromPoint(x, y)
        if (hit && !container.contains(hit)) {
          const by = hit.closest('nav, aside, header, [class]') ?? hit
          faults.push(
            `"${el.textContent!.trim().slice(0, 40)}" is covered at (${Math.round(x)}, ${Math.round(y)}) by ${by.tagName.toLowerCase()}.${[...by.classList].join('.')}`,
          )
          break
        }
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
    return faults
  })
}

async function axeViolations(page: Page, { everyImpact }: { everyImpact: boolean }): Promise<string[]> {
  await settleAnimations(page)
  return page.evaluate(async (everyImpact) => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => everyImpact || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, everyImpact)
}

/** Loads `path` once in `lang`, then walks the widths; every fault of every width is reported together. */
async function walkWidths(page: Page, path: string, lang: 'jp' | 'en') {
  await page.setViewportSize({ width: layoutWidths[0]!, height: 800 })
  await page.goto(path)
  await expect(page.locator('main h1, main h2').first()).toBeVisible()
  await page.addScriptTag({ content: axe.source })
  const faults: string[] = []
  for (const width of layoutWidths) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 })
    // one frame for the new layout (media queries, ResizeObserver-driven state)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const axeHere = axeWidthsOf[lang].has(width)
    const everyImpact = lang === 'en' && width === 1280 && everyImpactRoutes.has(path)
    const found = [...(await layoutFaults(page)), ...(axeHere ? await axeViolations(page, { everyImpact }) : [])]
    for (const fault of found) faults.push(`${width}px: ${fault}`)
  }
  expect(faults, `${path} at every width`).toEqual([])
}

test.describe.configure({ mode: 'parallel' })
// six widths with axe each; the API reference is a long page (1.3 MB of HTML): each axe run on it took up to 20 s on a
// loaded 2-core machine, and the whole walk more than 90 s once (a CI try of 2026-12-02)
test.setTimeout(180_000)

for (const lang of langs) {
  test.describe(`signed out, ${lang}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }])
    })
    for (const path of publicRoutes) {
      test(`${path} holds at every width`, async ({ page }) => {
        await walkWidths(page, path, lang)
      })
    }
  })

  test.describe(`signed in, ${lang}`, () => {
    let token: unknown
    test.beforeAll(async ({ request }) => {
      token = (await createAccountThroughApi(request, `layout-${lang}`)).token
    })
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }])
      await context.addInitScript((stored) => localStorage.setItem('userLoginToken', stored), JSON.stringify(token))
    })
    for (const path of signedInRoutes) {
      test(`${path} holds at every width`, async ({ page }) => {
        await walkWidths(page, path, lang)
      })
    }
  })
}
