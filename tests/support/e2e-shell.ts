import { expect, type Page } from './hydrated-test.ts'
import axe from 'axe-core'
import { settleAnimations } from './animations.ts'

/** Helpers shared by the shell-*.spec.ts browser tests (not a test file itself): console errors, and axe. */

/** The console errors and uncaught page errors of a page from now on (the 404 and 500 pages' own status left out). */
export function watchConsole(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // the 404 and 500 pages answer with their status (issue 10): Chromium logs the document's status, nothing failed
    if (/status of (404|500)/.test(message.text()) && /\/(not-found|internal-server-error)$/.test(page.url())) return
    errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

/** Axe on the page as it is: no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page) {
  await settleAnimations(page)
  await page.addScriptTag({ content: axe.source })
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations).toEqual([])
}
