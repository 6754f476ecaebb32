// Lighthouse as the web benches run it (`npm run bench:web`, `npm run bench:docusaurus`): the Lighthouse 12 CLI on
// its mobile profile, performance only, in Debian Chromium with the same flags every time, and the HTML document's
// size as the server answers it.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromiumArgs } from '../../playwright.config.ts'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The browser tests' Chromium flags (playwright.config.ts), with the headless mode Lighthouse's launcher wants. */
export const chromeFlags = chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag))

export interface LighthouseRun {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** every byte the page loaded over the network (Lighthouse's total-byte-weight) */
  bytes: number
}

/**
 * One Lighthouse run of `url` with the `lang` cookie; its JSON report goes to `outDir`. `throttling` is Lighthouse's
 * `throttlingMethod`: `simulate` (its default: the page loads unthrottled and the timings are computed for a slow
 * phone) or `devtools` (Chromium itself slows the network and the CPU while the page loads).
 */
export async function lighthouse(
  url: string,
  { lang, outDir, name, throttling = 'simulate' }: { lang: string; outDir: string; name: string; throttling?: 'simulate' | 'devtools' },
): Promise<LighthouseRun> {
  const output = join(outDir, `${name.replace(/\W+/g, '-')}-${lang}-${throttling}.json`)
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${chromeFlags.join(' ')}`,
        `--extra-headers=${JSON.stringify({ Cookie: `lang=${lang}` })}`,
        `--throttling-method=${throttling}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))))
  })
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue?: number }>
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  }
}

/**
 * The median of each figure over the runs (Lighthouse's own advice for noisy machines), with the range of scores and
 * of LCP seen: one slow paint in three runs is the machine, not the page.
 */
export function medianRun(runs: LighthouseRun[]) {
  const median = (pick: (run: LighthouseRun) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b)
    return { median: values[Math.floor(values.length / 2)]!, min: values[0]!, max: values[values.length - 1]! }
  }
  const score = median((run) => run.score)
  const lcp = median((run) => run.lcpMs)
  return {
    score: score.median,
    min: score.min,
    max: score.max,
    fcpMs: median((run) => run.fcpMs).median,
    lcpMs: lcp.median,
    lcpMin: lcp.min,
    lcpMax: lcp.max,
    tbtMs: median((run) => run.tbtMs).median,
    cls: median((run) => run.cls).median,
    bytes: median((run) => run.bytes).median,
  }
}

/** Lighthouse runs per page (LH_RUNS, default 3): one run on a shared 2-core machine moves by several points. */
export const runsPerPage = Math.max(1, Number(process.env.LH_RUNS ?? 3) || 3)

/** The page's HTML as the server answers it: raw and gzip -9 bytes, and the bytes of its inline `<style>` and `<script>` elements. */
export async function documentBytes(url: string, lang: string): Promise<{ raw: number; gzip: number; styles: number; scripts: number }> {
  const res = await fetch(url, { headers: { cookie: `lang=${lang}` } })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  const html = Buffer.from(await res.arrayBuffer())
  const text = html.toString('utf8')
  const bytesOf = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0)
  return {
    raw: html.length,
    gzip: gzipSync(html, { level: 9 }).length,
    styles: bytesOf(/<style\b[^>]*>[\s\S]*?<\/style>/g),
    scripts: bytesOf(/<script\b[^>]*>[\s\S]*?<\/script>/g),
  }
}
