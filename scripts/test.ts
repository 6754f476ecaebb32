// `npm test`: typecheck, lint (ESLint + layout check), format check (Prettier) and the web build side by side, then
// Vitest (unit, components, machines, server on PGlite and on PostgreSQL when TEST_DATABASE_URL is set), then
// Playwright in Debian Chromium. `npm test -- vitest e2e` runs only the steps named.
import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { compileCatalogs } from './compile-catalogs.ts'
import { findChromium, nodeChromiumHost } from './lib/find-chromium.ts'
import { coverageDir, coverageLine, readCoverage } from './lib/machine-coverage.ts'
import { browserRecordingDir, browserReportText, replayRecording } from './lib/browser-replay.ts'
import { discoverMachines } from './statechart.ts'

type Step = [name: string, cmd: string, args: string[]]

/** Independent checks: run at the same time, each one's output printed whole when it ends. */
const checks: Step[] = [
  ['typecheck', 'npx', ['tsc', '-p', '.']],
  // ESLint (dependency rule, cycles, hooks, TypeScript) and the layout check: `npm run lint`
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npx', ['prettier', '--check', '.']],
  // the server tests render pages with the built portal (tests/server/web-serving.test.ts), so it is built before them;
  // the browser tests' server runs the built server (tests/support/e2e-server.ts)
  ['build', 'npx', ['tsx', 'scripts/build.ts']],
]
/** Then one after the other, with the terminal. */
const suites: Step[] = [
  ['vitest', 'npx', ['vitest', 'run']],
  ['e2e', 'npx', ['playwright', 'test']],
]

const only = process.argv.slice(2)
const wanted = ([name]: Step) => !only.length || only.includes(name)
// the browser tests need Chromium: found (or installed, as root) before the first step, not after the others ran
if (!only.length || only.includes('e2e')) {
  const chromium = findChromium(nodeChromiumHost)
  if (!chromium.ok) {
    console.error(`✗ ${chromium.message}`)
    process.exit(1)
  }
  process.env.CHROMIUM_PATH = chromium.path
}
// the typecheck, the lint, the build and the tests all import the compiled message catalogs: compiled before any of them
compileCatalogs()
const results: string[] = []
const started = performance.now()
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1)

function fail(name: string, status: number | null): never {
  console.log(`\n${results.join('\n')}\n✗ ${name} failed`)
  process.exit(status || 1)
}

function runBuffered([name, cmd, args]: Step): Promise<{ name: string; status: number | null }> {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (status) => {
      console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
      process.stdout.write(Buffer.concat(output))
      results.push(`${status === 0 ? '✓' : '✗'} ${name} (${seconds(t0)} s)`)
      resolve({ name, status })
    })
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)))
    })
  })
}

const failed = (await Promise.all(checks.filter(wanted).map(runBuffered))).find((r) => r.status !== 0)
if (failed) fail(failed.name, failed.status)

for (const [name, cmd, args] of suites.filter(wanted)) {
  const t0 = performance.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  if (name === 'vitest') rmSync(coverageDir, { recursive: true, force: true })
  if (name === 'e2e') rmSync(browserRecordingDir, { recursive: true, force: true })
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  // machine coverage recorded by tests/support/model-based.ts
  if (name === 'vitest') for (const record of readCoverage()) console.log(`machine coverage ${coverageLine(record)}`)
  results.push(`${run.status === 0 ? '✓' : '✗'} ${name} (${seconds(t0)} s)`)
  if (run.status !== 0) fail(name, run.status)
  // every step every actor took in the browser, replayed on its machine (tests/support/hydrated-test.ts records them)
  if (name === 'e2e') {
    const reports = replayRecording(await discoverMachines())
    console.log(`\nwhat the browser did, replayed on the machines:\n${browserReportText(reports)}`)
    const unmodelled = reports.reduce((n, r) => n + r.unmodelled.length, 0)
    results.push(`${unmodelled ? '✗' : '✓'} browser steps match the machines (${unmodelled} unmodelled)`)
    if (unmodelled) fail('browser replay', 1)
  }
}
console.log(`\n${results.join('\n')}\nall steps passed in ${seconds(started)} s`)
