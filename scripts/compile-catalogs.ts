// `npm run i18n:compile`: the message catalogs compiled by Lingui's CLI (`lingui compile --typescript`): each
// `locales/<lang>/<catalog>.po` gets a `locales/<lang>/<catalog>.ts` beside it (git-ignored, written where Lingui writes
// it), which the browser's route loaders, the server and the mini-app validator import (docs/decisions/0005). Nothing
// reads a .po at run time. Whatever needs the compiled catalogs runs this first — `npm start`, `npm run dev`,
// `npm test`, the web build, Vitest's global setup, the browser tests' server, `npm run miniapp:validate`, `paylab`
// — and it compiles only when a catalog or lingui.config.ts is newer than its compiled module, so a second call costs
// a directory listing.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const localesDir = join(root, 'locales')

const modified = (path: string) => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return 0
  }
}

/** True when a catalog has no compiled module or one older than the catalog or the Lingui config. */
export function catalogsAreStale(): boolean {
  const config = modified(join(root, 'lingui.config.ts'))
  for (const lang of readdirSync(localesDir)) {
    for (const name of readdirSync(join(localesDir, lang)).filter((n) => n.endsWith('.po'))) {
      const po = join(localesDir, lang, name)
      const compiled = modified(po.replace(/\.po$/, '.ts'))
      if (compiled === 0 || compiled < modified(po) || compiled < config) return true
    }
  }
  return false
}

/** Runs `lingui compile --typescript` when the compiled catalogs are missing or stale (`force`: always). */
export function compileCatalogs({ force = false } = {}): boolean {
  if (!force && !catalogsAreStale()) return false
  // one process, no worker threads: 36 small catalogs compile in well under a second
  const run = spawnSync(join(root, 'node_modules', '.bin', 'lingui'), ['compile', '--typescript', '--workers', '1'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (run.status !== 0) throw new Error(`lingui compile failed (exit ${run.status ?? run.signal})`)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force')
  console.log(compileCatalogs({ force }) ? 'compiled the message catalogs (locales/*/*.ts)' : 'the compiled message catalogs are up to date')
}
