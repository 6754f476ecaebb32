// `npm run bench:docusaurus [-- /products/docs/webpayment]`: the portal's docs page against the same page in a stock
// Docusaurus site (issue 19's goal: LCP ≤ 0.5× Docusaurus's, Lighthouse still ≥ 98). NEEDS THE NPM REGISTRY: it
// installs the latest Docusaurus 3 (classic preset, default theme; DOCUSAURUS_VERSION to choose another) with
// `npm install` into a cache directory outside the app (DOCUSAURUS_CACHE, else $TMPDIR/paylab-docusaurus/<version>,
// reused by later runs; offline, the newest version already there), writes the page's markdown from src/content (ja
// and en; our blocks as plain markdown, scripts/lib/docusaurus-site.ts) into it, builds it and serves the build on
// loopback, compressed as the portal compresses (scripts/lib/static-server.ts). Then it builds and starts the portal
// as `npm run bench:web` does, and runs Lighthouse 12 (mobile profile, Debian Chromium, the same flags and headers for
// both sites) LH_RUNS times (default 3) per site, language and throttling method — Lighthouse's default simulated
// throttling, and `devtools` throttling, where Chromium really slows network and CPU while the page loads — the two
// sites taking turns run by run (and going first in turn) so the machine's load falls on both alike. It prints per
// language the medians of LCP, FCP, TBT, score and bytes loaded, the HTML document's gzip size, and ours/Docusaurus.
// Not a test; docs/performance.md.
import { mkdtempSync, readFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startBenchPortal } from './lib/bench-portal.ts'
import { buildDocusaurusSite, docusaurusVersion, installDocusaurus, type ContentLang } from './lib/docusaurus-site.ts'
import { documentBytes, lighthouse, medianRun, runsPerPage, type LighthouseRun } from './lib/lighthouse.ts'
import { serveStatic } from './lib/static-server.ts'

const { positionals } = parseArgs({ allowPositionals: true })
const path = positionals[0] ?? '/products/docs/webpayment'
const langs: { content: ContentLang; cookie: string }[] = [
  { content: 'ja', cookie: 'jp' },
  { content: 'en', cookie: 'en' },
]
const throttlings = ['simulate', 'devtools'] as const
/** Issue 19's goal for the portal against Docusaurus on the same page. */
const goal = { lcpRatio: 0.5, score: 98 }

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
const sources = Object.fromEntries(langs.map(({ content }) => [content, readFileSync(`src/content/${content}${path}.md`, 'utf8')])) as Record<
  ContentLang,
  string
>

const version = await docusaurusVersion()
const docusaurusRoot = await installDocusaurus(version)
const docusaurus = await serveStatic(await buildDocusaurusSite(docusaurusRoot, path, sources))
const portal = await startBenchPortal()
const outDir = mkdtempSync(join(tmpdir(), 'paylab-bench-docusaurus-lh-'))
const sites = [
  { name: 'PayLab', url: (_lang: ContentLang) => portal.origin + path },
  { name: `Docusaurus ${version}`, url: (lang: ContentLang) => docusaurus.origin + (lang === 'ja' ? '' : `/${lang}`) + path },
]

/** One line of figures for a site: medians over the runs, LCP's range in brackets. */
function figures(lh: ReturnType<typeof medianRun>, documentGzip: number): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  return [
    `Lighthouse ${String(lh.score).padStart(3)} (${lh.min}-${lh.max})`,
    `LCP ${s(lh.lcpMs)} (${s(lh.lcpMin)}–${s(lh.lcpMax)})`,
    `FCP ${s(lh.fcpMs)}`,
    `TBT ${String(lh.tbtMs).padStart(4)} ms`,
    `CLS ${lh.cls.toFixed(3)}`,
    `loaded ${(lh.bytes / 1024).toFixed(1).padStart(6)} KB`,
    `document ${(documentGzip / 1024).toFixed(1).padStart(5)} KB gzip`,
  ].join('   ')
}

const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : 'n/a')

try {
  for (const { content, cookie } of langs) {
    for (const site of sites) {
      const res = await fetch(site.url(content), { headers: { cookie: `lang=${cookie}` } })
      const html = await res.text()
      if (!res.ok || !html.includes('<h1')) throw new Error(`${site.name} ${site.url(content)} answered ${res.status} without a heading`)
    }
  }
  const documents = new Map<string, number>()
  for (const { content, cookie } of langs) {
    for (const site of sites) documents.set(`${site.name} ${content}`, (await documentBytes(site.url(content), cookie)).gzip)
  }
  console.log(
    `${path}: PayLab ${portal.origin}, Docusaurus ${version} (classic preset) ${docusaurus.origin}; ${runsPerPage} Lighthouse runs per site, language and throttling`,
  )
  let met = true
  for (const throttling of throttlings) {
    for (const { content, cookie } of langs) {
      const loadBefore = load()
      const runs = sites.map((): LighthouseRun[] => [])
      for (let i = 0; i < runsPerPage; i++) {
        const order = i % 2 === 0 ? [0, 1] : [1, 0]
        for (const s of order) runs[s]!.push(await lighthouse(sites[s]!.url(content), { lang: cookie, outDir, name: `${sites[s]!.name}-${i}`, throttling }))
      }
      const medians = runs.map(medianRun)
      const [ours, theirs] = [medians[0]!, medians[1]!]
      const oursDoc = documents.get(`${sites[0]!.name} ${content}`)!
      const theirDoc = documents.get(`${sites[1]!.name} ${content}`)!
      const lcpRatio = ours.lcpMs / theirs.lcpMs
      const pass = lcpRatio <= goal.lcpRatio && ours.score >= goal.score
      met &&= pass
      console.log(`\n${throttling} throttling, ${content} (load average ${loadBefore} before, ${load()} after; 2 cores shared)`)
      sites.forEach((site, s) => console.log(`  ${site.name.padEnd(18)} ${figures(medians[s]!, s === 0 ? oursDoc : theirDoc)}`))
      console.log(
        `  ${'ours/Docusaurus'.padEnd(18)} LCP ${ratio(ours.lcpMs, theirs.lcpMs)}   FCP ${ratio(ours.fcpMs, theirs.fcpMs)}   TBT ${ratio(ours.tbtMs, theirs.tbtMs)}   ` +
          `loaded ${ratio(ours.bytes, theirs.bytes)}   document ${ratio(oursDoc, theirDoc)}   goal LCP ≤ ${goal.lcpRatio}× and Lighthouse ≥ ${goal.score} (issue 19): ${pass ? 'met' : 'not met'}`,
      )
    }
  }
  console.log(`\n${met ? 'goal met with both throttling methods in both languages' : 'GOAL NOT MET'} (load average ${load()})`)
} finally {
  portal.stop()
  await docusaurus.close()
}
