import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { test as base, type Page } from '@playwright/test'
import { browserRecordingDir } from '../../scripts/lib/browser-replay.ts'

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

/**
 * Every actor of every page of the test is recorded (src/web/lib/inspect-record.ts through the page's
 * `__paylabRecordInspection`): one JSON line per step into .test-data/e2e-inspection/, written once when the test
 * ends. scripts/test.ts replays them on the machines after the suite (scripts/lib/browser-replay.ts).
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const steps: unknown[] = []
    await context.exposeBinding('__paylabRecordInspection', (_source, batch: unknown[]) => {
      steps.push(...batch)
    })
    await use(context)
    if (!steps.length) return
    mkdirSync(browserRecordingDir, { recursive: true })
    const test = `${testInfo.file.split(/[\\/]/).at(-1)} › ${testInfo.titlePath.slice(1).join(' › ')}`
    appendFileSync(
      join(browserRecordingDir, `${testInfo.workerIndex}.jsonl`),
      steps.map((step) => `${JSON.stringify({ test, ...(step as object) })}\n`).join(''),
    )
  },
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
