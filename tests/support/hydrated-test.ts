import { test as base, type Page } from '@playwright/test'

export * from '@playwright/test'

/**
 * The portal's pages arrive rendered by the server and become interactive once React has hydrated them
 * (`<html data-hydrated>`, src/web/routes/__root.tsx). A person waits for that without noticing; a test that
 * presses a key on the server's HTML would lose it. So every `goto`/`reload` of the `page` fixture waits for
 * hydration when the page is the portal (the sandbox's wallet pages and the mailbox are plain HTML and do not).
 */
async function hydrated(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('script[data-paylab-entry]') || document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 15_000,
    })
    .catch(() => {}) // a page without JavaScript, or one that navigated away: the test's own assertions decide
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      await hydrated(page)
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await hydrated(page)
      return response
    }
    await use(page)
  },
})
