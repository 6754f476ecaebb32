// The `paylab` command line as built JavaScript (issue 31): esbuild bundles src/cli/main.ts — the client, which speaks
// the HTTP contract and imports src/domain, never src/server — into one file, dist/cli/paylab.js, that `npx paylab`
// runs with plain `node` (scripts/paylab.js): `--help` in a few tens of milliseconds instead of seconds of TypeScript.
// Baked in at build: the sandbox commands as `GET /sandbox/api/commands` lists them (their fields are the options,
// checked before anything is sent) and package.json's version. Beside it, dist/cli/paylab-mcp.js: the MCP server of
// `paylab mcp` (src/server/modules/sandbox/commands/mcp-stdio.ts), loaded only by that command.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildResult, type Metafile } from 'esbuild'
import { compileCatalogs } from './compile-catalogs.ts'
import { staleReason, writeStamp } from './lib/build-stamp.js'

const root = fileURLToPath(new URL('..', import.meta.url))
export const cliOutDir = 'dist/cli'
export const cliBundle = `${cliOutDir}/paylab.js`
const mcpBundle = `${cliOutDir}/paylab-mcp.js`
const stampFile = `${cliOutDir}/inputs.json`
/** The catalogue whose commands are baked in (its folder's files are inputs of the build). */
const catalogueDir = 'src/server/modules/sandbox/commands'

/** Why dist/cli is not current, or undefined (scripts/lib/build-stamp.js; scripts/paylab.js asks the same). */
export const cliBuildStaleReason = () => staleReason(stampFile, [cliBundle, mcpBundle], root)

const common = {
  absWorkingDir: root,
  outdir: cliOutDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
  // written below, each file at once (a `paylab` started meanwhile, a test's or another shell's, reads the old file
  // or the new one, never half of one)
  write: false,
} as const

/** Writes a build's files, each by a rename over the old one. */
function writeAtomically(result: BuildResult) {
  for (const file of result.outputFiles ?? []) {
    mkdirSync(join(file.path, '..'), { recursive: true })
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
}

/** Builds dist/cli when it is missing or older than one of its inputs (or always with `force`); true when it built. */
export async function buildCli({ force = false } = {}) {
  if (!force && !cliBuildStaleReason()) return false
  const startedAt = Date.now()
  compileCatalogs()
  const { commandList } = await import('../src/server/modules/sandbox/commands/routes.ts')
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  const cli = await build({
    ...common,
    entryPoints: { paylab: 'src/cli/main.ts' },
    // every package the client uses is bundled (and tree-shaken): one file to read at start; `yaml` is loaded when
    // an answer is printed for a person
    external: ['yaml'],
    define: { PAYLAB_COMMANDS: JSON.stringify(commandList()), PAYLAB_VERSION: JSON.stringify(version) },
    banner: { js: '#!/usr/bin/env node' },
  })
  const mcp = await build({ ...common, entryPoints: { 'paylab-mcp': `${catalogueDir}/mcp-stdio.ts` }, packages: 'external' })
  writeAtomically(mcp)
  writeAtomically(cli)
  // files only: not the packages, nor esbuild's `<define:…>` pseudo-inputs
  const inputsOf = (meta: Metafile) => Object.keys(meta.inputs).filter((file) => !file.includes('node_modules/') && !file.startsWith('<'))
  const catalogue = readdirSync(join(root, catalogueDir)).map((name) => `${catalogueDir}/${name}`)
  const sources = [...new Set([...inputsOf(cli.metafile), ...inputsOf(mcp.metafile), ...catalogue])]
  writeStamp(join(root, stampFile), { sources, others: ['package.json', 'package-lock.json', 'scripts/build-cli.ts'] }, startedAt)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  await buildCli({ force: true })
  console.log(`paylab built in ${Math.round(performance.now() - started)} ms (${relative(process.cwd(), join(root, cliBundle))})`)
}
