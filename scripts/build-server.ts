// The server as built JavaScript (issue 33: a restart in a second). esbuild bundles src/server/main.ts and what it
// imports from src/ into dist/server/main.js (packages stay in node_modules, imported as they are), so `npm start` runs
// `node` on one file instead of compiling ~190 TypeScript files through tsx at every start.
// Source files that find their own files by `import.meta.url` (migrations, content, locales, the mini-app bridge) keep
// finding them: in the bundle, each file's `import.meta.url` names its source file, relative to the bundle.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { defaultContentRoot, loadLibrary } from '../src/server/content/library.ts'
import { migrationsFolder, pgliteTemplateFile, writePgliteTemplate } from '../src/server/store/db.ts'
import { staleReason, writeStamp } from './lib/build-stamp.js'

export const serverOutDir = 'dist/server'
export const serverBundle = `${serverOutDir}/main.js`
const stampFile = `${serverOutDir}/inputs.json`
const entry = 'src/server/main.ts'

/** Why dist/server is not current, or undefined (scripts/lib/build-stamp.js). */
export const serverBuildStaleReason = () => staleReason(stampFile, [serverBundle])

/** Each source file's `import.meta.url` and `import.meta.dirname` name that file, wherever the bundle runs from. */
function sourceUrls(outDir: string): Plugin {
  return {
    name: 'paylab-source-urls',
    setup(b) {
      b.onLoad({ filter: /[\\/](src|machines)[\\/].*\.tsx?$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8')
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts'
        // the entry keeps its own `import.meta.url`: `node dist/server/main.js` still starts the server
        if (!text.includes('import.meta.') || resolve(args.path) === resolve(entry)) return { contents: text, loader }
        const file = relative(resolve(outDir), args.path).split('\\').join('/')
        const folder = `${dirname(file)}/`
        const contents = text
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `decodeURIComponent(new URL(${JSON.stringify(folder)}, import.meta.url).pathname).replace(/\\/$/, '')`)
        return { contents, loader }
      })
    },
  }
}

/** Every file under `dir`, relative to the working directory. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(process.cwd(), join(entry.parentPath, entry.name)))

/**
 * Builds dist/server when it is missing or older than one of its inputs (or always with `force`); true when it built.
 * Beside the bundle: all content parsed once (a broken file stops the build, and the server's first page reads the
 * parsed content from its cache, content/library.ts) and the migrated PGlite store a new DATA_DIR starts from.
 */
export async function buildServer({ force = false } = {}) {
  if (!force && !serverBuildStaleReason()) return false
  const startedAt = Date.now()
  const result = await build({
    entryPoints: { main: entry },
    outdir: serverOutDir,
    // what the sources import lazily (the content parser and highlighter) stays lazy: chunks beside main.js, loaded on
    // first use (one file would import every package at start). Beside it, not below: `sourceUrls` counts from there.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // the bundle reads as the sources do in a stack trace (function and class names kept)
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls(serverOutDir)],
  })
  // chunks of earlier builds go (a server still running keeps the ones it loaded; names carry their contents' hash)
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => relative(serverOutDir, file)))
  for (const name of readdirSync(serverOutDir)) if (/\.js(\.map)?$/.test(name) && !written.has(name)) rmSync(join(serverOutDir, name), { force: true })
  await loadLibrary()
  const template = pgliteTemplateFile()
  if (!existsSync(template)) await writePgliteTemplate(template)
  const bundled = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/'))
  const sources = [...bundled, ...filesUnder(defaultContentRoot), ...filesUnder(migrationsFolder)]
  writeStamp(stampFile, { sources, others: ['package-lock.json', 'tsconfig.json', 'scripts/build-server.ts'] }, startedAt)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  await buildServer({ force: true })
  console.log(`server built in ${Math.round(performance.now() - started)} ms (${serverBundle})`)
}
