// `npm run bench:dev`: how long an edit to a component takes to show on the open page under `npm run dev`.
// Starts the dev server (scripts/dev.ts) on a fresh store, opens the home page in Debian Chromium, then edits the
// footer component several times and times each edit from the file write to the page showing the new text (the
// browser's clock and Node's are the same machine's). The component is restored at the end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumArgs } from '../playwright.config.ts'
import { startDevServer } from './dev.ts'

const { values } = parseArgs({
  options: {
    edits: { type: 'string', default: '5' },
    file: { type: 'string', default: 'src/web/features/shell/components/footer.tsx' },
    anchor: { type: 'string', default: '</footer>' },
  },
})
const edits = Number(values.edits)
const file = values.file
const original = readFileSync(file, 'utf8')
if (!original.includes(values.anchor)) throw new Error(`${file} has no ${values.anchor}`)
const edited = (n: number) => original.replace(values.anchor, `<span data-bench-dev="">{'edit ${n}'}</span>${values.anchor}`)

const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-dev-'))
const dev = await startDevServer({ ...process.env, PORT: process.env.E2E_PORT ?? '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })
const timings: number[] = []
try {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
  page.on('pageerror', (e) => void errors.push(e.message))
  const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 120_000 })
  const t0 = performance.now()
  await page.goto(`http://127.0.0.1:${dev.port}/`, { timeout: 120_000 })
  await connected
  // hydrated: React has attached its fiber to the footer
  await page.waitForFunction(
    () => {
      const footer = document.querySelector('footer')
      return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber'))
    },
    undefined,
    { timeout: 120_000 },
  )
  console.log(`first page (server render, transforms, hydration): ${Math.round(performance.now() - t0)} ms`)
  if (errors.length) console.log(`errors on the page: ${errors.join(' | ')}`)

  for (let n = 1; n <= edits; n++) {
    // a string, not a function: tsx would wrap a function's inner names in a helper the page does not have
    const shown = page.evaluate<number>(`new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-bench-dev]')?.textContent !== ${JSON.stringify(`edit ${n}`)}) return
        observer.disconnect()
        resolve(performance.timeOrigin + performance.now())
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })`)
    await page.waitForTimeout(300) // the observer is in place
    const written = performance.timeOrigin + performance.now()
    writeFileSync(file, edited(n))
    const ms = (await shown) - written
    timings.push(ms)
    console.log(`edit ${n}: on screen after ${Math.round(ms)} ms`)
  }
} finally {
  writeFileSync(file, original)
  await browser.close()
  await dev.shutdown()
  rmSync(dataDir, { recursive: true, force: true })
}
const sorted = [...timings].sort((a, b) => a - b)
const median = sorted[Math.floor(sorted.length / 2)]!
console.log(
  `component edit → on screen under npm run dev: median ${Math.round(median)} ms (min ${Math.round(sorted[0]!)}, max ${Math.round(sorted.at(-1)!)}, ${timings.length} edits)`,
)
process.exit(0)
