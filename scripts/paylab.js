#!/usr/bin/env node
// The `paylab` bin (package.json; `npx paylab …`, issue 31): runs the built command line, dist/cli/paylab.js, in this
// very process — no child, so Ctrl-C and a CI job's SIGTERM reach the process doing the work and nothing is left
// behind. When the build is missing or older than its sources (scripts/lib/build-stamp.js, as `npm start` checks the
// server's), it is built first, in this process too (tsx's loader, scripts/build-cli.ts), its messages on stderr.
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { staleReason } from './lib/build-stamp.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
if (staleReason('dist/cli/inputs.json', ['dist/cli/paylab.js', 'dist/cli/paylab-mcp.js'], root)) {
  const { register } = await import('tsx/esm/api')
  const unregister = register()
  const { buildCli } = await import('./build-cli.ts')
  await buildCli()
  await unregister()
}
await import(pathToFileURL(join(root, 'dist/cli/paylab.js')).href)
