import type { Page } from '@playwright/test'

/**
 * Waits until every finite CSS animation/transition on the page has finished. axe computes colour contrast
 * from the rendered opacity, so running it during the code blocks' 500 ms fade-in reports text that is merely
 * half-faded-in. Infinite animations (loading shimmers) are ignored.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}
