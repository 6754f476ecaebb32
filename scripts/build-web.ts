import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { build } from 'vite'
import { staleReason, writeStamp } from './lib/build-stamp.js'
import { compileCatalogs } from './compile-catalogs.ts'

const inputFolders = ['src/web', 'src/domain', 'machines', 'locales', 'public']
const inputFiles = ['vite.config.ts', 'package-lock.json']
/** WEB_DIST lets several builds live side by side (the server reads the same variable). */
const outDir = process.env.WEB_DIST ?? 'dist/web'
/** The server renderer beside it (src/server/web.ts `ssrDirOf`). */
const ssrOutDir = `${outDir}-ssr`
/** The inputs the build read (scripts/lib/build-stamp.js), kept with the server renderer (never served). */
export const webStampFile = (dir = outDir) => join(`${dir}-ssr`, 'inputs.json')
export const webOutputs = (dir = outDir) => [join(dir, '.vite', 'manifest.json'), join(`${dir}-ssr`, 'entry-server.js')]

/** Every file under the web build's input folders (and the folders themselves, watched for new files). */
function inputList(): string[] {
  return inputFolders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  )
}

/** True when dist/web is missing or older than any input of the web build. */
export function webBuildIsStale(): boolean {
  return staleReason(webStampFile(), webOutputs()) !== undefined
}

/** Writes .gz and .br beside every text asset so the server can send them without compressing per request. */
export function precompress(dir = outDir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      precompress(path)
      continue
    }
    if (!/\.(js|css|html|svg|json|txt|map)$/.test(name)) continue
    const raw = readFileSync(path)
    if (raw.length < 512) continue
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  }
}

export async function buildWeb({ force = false } = {}) {
  // the route loaders import the compiled catalogs (a catalog compiled anew makes the build stale)
  compileCatalogs()
  if (!force && !webBuildIsStale()) return false
  const startedAt = Date.now()
  const inputs = inputList()
  // the browser's bundle, then the server renderer of the same pages (the server reads the first one's manifest)
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  await build({
    logLevel: 'warn',
    // one self-contained file: the server loads it from wherever WEB_DIST puts it, away from node_modules
    ssr: { noExternal: true },
    build: {
      ssr: 'src/web/entry-server.tsx',
      outDir: ssrOutDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { input: 'src/web/entry-server.tsx' },
    },
  })
  // the server renderer is ES modules (top-level await included: every feature's catalog registers at start); wherever
  // WEB_DIST puts it (the bench builds in the system's temp directory), Node and tsx must not read its files as CommonJS
  writeFileSync(join(ssrOutDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`)
  precompress()
  writeStamp(webStampFile(), { sources: inputs, others: [...inputFolders, ...inputFiles] }, startedAt)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  await buildWeb({ force: true })
  console.log(`web built in ${Math.round(performance.now() - started)} ms`)
}
