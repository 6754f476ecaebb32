import { readFileSync } from 'node:fs'
import { expect, test } from '../support/hydrated-test.ts'
import { contentParsed, expectAxeClean, useLang } from '../support/e2e-docs.ts'

/** The app style guide as a reader meets it (issue 5): its home, every page's live examples, the colour tokens, and axe. */

// the server parses all content once after it starts listening
test.beforeAll(contentParsed)

const globalRules = ['color', 'philosophy', 'icongraphy', 'illustration', 'interaction', 'photo', 'layout', 'shadow', 'shape', 'typography', 'transition']
const components = [
  'balloon',
  'buttons',
  'expand',
  'cards',
  'halfsheets',
  'label',
  'selectioncontrols',
  'tab',
  'toast',
  'form',
  'header',
  'pagecontrols',
  'list',
  'slider',
]

test('the style guide home shows the philosophy and links every global rule and component', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/app-styleguide')
  for (const word of ['Empathy', 'Simple', 'Consistency', 'Happy']) {
    await expect(page.getByRole('main').getByText(word, { exact: true }).first()).toBeVisible()
  }
  const main = page.locator('.sg-main')
  await expect(main.locator('a[href$="/app-styleguide/globalrule/color"]')).toBeVisible()
  await expect(main.locator('a[href*="/app-styleguide/globalrule/"]')).toHaveCount(globalRules.length)
  await expect(main.locator('a[href*="/app-styleguide/component/"]')).toHaveCount(components.length)
  await expectAxeClean(page)
})

test('every style-guide page renders live examples; unknown names are not found', async ({ page }) => {
  test.setTimeout(120_000)
  await useLang(page, 'en')
  for (const [group, names] of [
    ['globalrule', globalRules],
    ['component', components],
  ] as const) {
    for (const name of names) {
      await page.goto(`/app-styleguide/${group}/${name}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('.sg-example, .sg-philosophy').first()).toBeVisible()
    }
  }
  await page.goto('/app-styleguide/component/nonexistent')
  await expect(page).toHaveURL(/\/not-found$/)
})

test('the colour page lists the real tokens with their values', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/app-styleguide/globalrule/color')
  const source = readFileSync(new URL('../../src/web/ui/tokens.css', import.meta.url), 'utf8')
  const tokens = [...source.matchAll(/(--color-[a-z-]+)\s*:\s*([^;]+);/g)]
  expect(tokens.length).toBeGreaterThan(3)
  for (const [, name, value] of tokens) {
    const row = page.getByRole('row').filter({ has: page.getByText(name!, { exact: true }) })
    await expect(row).toContainText(value!.trim())
  }
})

for (const path of ['/app-styleguide/component/selectioncontrols', '/app-styleguide/component/tab', '/app-styleguide/globalrule/typography']) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await useLang(page, 'en')
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAxeClean(page)
  })
}
