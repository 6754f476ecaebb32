// `npm test`: typecheck, lint (ESLint + layout check), format check (Prettier), the web build, Vitest (unit, components, machines, server on PGlite and
// on PostgreSQL when TEST_DATABASE_URL is set), then Playwright in Debian Chromium.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { findChromium, nodeChromiumHost } from './lib/find-chromium.ts'
import { coverageDir, coverageLine, readCoverage } from './statechart-model.ts'

const steps: [string, string, string[]][] = [
  ['typecheck', 'npx', ['tsc', '-p', '.']],
  // ESLint (dependency rule, cycles, hooks, TypeScript) and the layout check: `npm run lint`
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npx', ['prettier', '--check', '.']],
  // the server tests render pages with the built portal (tests/server/web-serving.test.ts), so it is built first
  ['build', 'npx', ['tsx', 'scripts/build-web.ts']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['e2e', 'npx', ['playwright', 'test']],
]

const only = process.argv.slice(2)
// the browser tests need Chromium: found (or installed, as root) before the first step, not after the others ran
if (!only.length || only.includes('e2e')) {
  const chromium = findChromium(nodeChromiumHost)
  if (!chromium.ok) {
    console.error(`✗ ${chromium.message}`)
    process.exit(1)
  }
  process.env.CHROMIUM_PATH = chromium.path
}
const results: string[] = []
const started = performance.now()
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue
  const t0 = performance.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  if (name === 'vitest') rmSync(coverageDir, { recursive: true, force: true })
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  // machine coverage recorded by tests/support/model-based.ts
  if (name === 'vitest') for (const record of readCoverage()) console.log(`machine coverage ${coverageLine(record)}`)
  const seconds = ((performance.now() - t0) / 1000).toFixed(1)
  results.push(`${run.status === 0 ? '✓' : '✗'} ${name} (${seconds} s)`)
  if (run.status !== 0) {
    console.log(`\n${results.join('\n')}\n✗ ${name} failed`)
    process.exit(run.status ?? 1)
  }
}
console.log(`\n${results.join('\n')}\nall steps passed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
