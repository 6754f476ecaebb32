// `npm start`: builds what is missing or older than its sources (the portal, and the server as JavaScript: scripts/build.ts),
// then runs the built server (dist/server/main.js: migrations when needed, then every listener on PORT). Plain
// JavaScript run by `node`, so that a start with nothing to build loads no compiler: a restart in a second (issue 33).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { staleReason } from './lib/build-stamp.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// WORKERS=n: the primary builds once; the workers it forks only serve
if (cluster.isPrimary) {
  const web = process.env.WEB_DIST ?? 'dist/web'
  const stale =
    staleReason('dist/server/inputs.json', ['dist/server/main.js'], root) ??
    staleReason(`${web}-ssr/inputs.json`, [`${web}/.vite/manifest.json`, `${web}-ssr/entry-server.js`], root)
  if (stale) {
    console.log(`building (${stale})`)
    const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs')
    const build = spawnSync(process.execPath, [tsx, 'scripts/build.ts', '--if-stale'], { stdio: 'inherit', cwd: root })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
}
const { startOrExit } = await import('../dist/server/main.js')
await startOrExit()
