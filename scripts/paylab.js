#!/usr/bin/env node
// The `paylab` bin (package.json): runs scripts/paylab.ts under tsx (a dependency), so `npx paylab …` works in a
// clone and in CI without a build step. Arguments, standard streams and the exit code pass straight through.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs')
const result = spawnSync(process.execPath, [tsx, join(here, 'paylab.ts'), ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)
