import { expect, type Locator, type Page } from '@playwright/test'

/**
 * What the browser path tests share (tests/e2e/statechart-paths.spec.ts, checkout-paths.spec.ts): playing a
 * server answer the sandbox cannot give on purpose, and turning a state's tags into DOM assertions.
 */

/** Where a tag shows: a locator visible exactly while the state has the tag, or a URL it leads to. */
export type Shows = Record<string, ((page: Page) => Locator) | { url: RegExp }>

/** The next `times` requests to `path` (a path, or a pattern of paths) answer `status` with the provider's error shape and `code`. */
export async function answerNextWith(page: Page, path: string | RegExp, status: number, code: string, data: unknown = null, times = 1) {
  const matches = (pathname: string) => (typeof path === 'string' ? pathname === path || pathname.startsWith(`${path}/`) : path.test(pathname))
  await page.route(
    (url) => matches(url.pathname),
    (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ resultInfo: { code, message: code, codeId: code }, data }) }),
    { times },
  )
}

/** Every tag of `shows` is on screen exactly when `tags` has it (URLs: reached when it has it). */
export async function expectShows(page: Page, shows: Shows, tags: string[], where: string) {
  for (const [tag, shown] of Object.entries(shows)) {
    const on = tags.includes(tag)
    if ('url' in shown) {
      if (on) await expect(page, `${where}: ${tag}`).toHaveURL(shown.url)
      continue
    }
    if (on) await expect(shown(page).first(), `${where}: ${tag} shown`).toBeVisible()
    else await expect(shown(page), `${where}: ${tag} not shown`).toHaveCount(0)
  }
}
