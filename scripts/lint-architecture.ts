// Enforces the architecture's layout and one-way dependency rule (docs/architecture.md §3):
//   domain ← machines ← server / web/features ← web/routes
// No feature imports another feature; no barrel (index) files; one `@/` alias for src/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = process.cwd()
const required = [
  'package.json', 'vite.config.ts', 'tsconfig.json', 'README.md', '.ci/run', 'src/domain', 'src/server', 'src/web',
  'src/web/routes', 'src/web/features', 'src/web/ui', 'src/web/lib', 'src/content/ja', 'src/content/en', 'machines',
  'locales/ja/messages.po', 'locales/en/messages.po', 'tests/e2e', 'tests/server', 'docs/architecture.md',
  'docs/statecharts', 'public',
]
const problems: string[] = []
for (const path of required) if (!existsSync(join(root, path))) problems.push(`missing ${path}`)

type Layer = 'domain' | 'machines' | 'server' | 'web-lib' | 'web-ui' | 'web-feature' | 'web-routes' | 'web-app' | 'content' | 'other'
function layerOf(file: string): Layer {
  const rel = relative(root, file)
  if (rel.startsWith('src/domain/')) return 'domain'
  if (rel.startsWith('machines/')) return 'machines'
  if (rel.startsWith('src/server/')) return 'server'
  if (rel.startsWith('src/web/lib/')) return 'web-lib'
  if (rel.startsWith('src/web/ui/')) return 'web-ui'
  if (rel.startsWith('src/web/features/')) return 'web-feature'
  if (rel.startsWith('src/web/routes/')) return 'web-routes'
  if (rel.startsWith('src/web/')) return 'web-app'
  if (rel.startsWith('src/content/')) return 'content'
  return 'other'
}

/** Which layers each layer may import from. */
const allowed: Record<Layer, Layer[]> = {
  domain: ['domain'],
  machines: ['domain', 'machines'],
  server: ['domain', 'machines', 'server', 'content'],
  'web-lib': ['domain', 'machines', 'web-lib'],
  'web-ui': ['domain', 'web-lib', 'web-ui'],
  'web-feature': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature'],
  'web-routes': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature', 'web-routes', 'web-app'],
  'web-app': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature', 'web-routes', 'web-app'],
  content: ['content'],
  other: ['domain', 'machines', 'server', 'web-lib', 'web-ui', 'web-feature', 'web-routes', 'web-app', 'content', 'other'],
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts')) yield path
  }
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

function featureOf(file: string) {
  const m = relative(root, file).match(/^src\/web\/features\/([^/]+)\//)
  return m?.[1]
}

for (const dir of ['src', 'machines']) {
  for (const file of files(join(root, dir))) {
    const text = readFileSync(file, 'utf8')
    const rel = relative(root, file)
    if (/(^|\/)index\.tsx?$/.test(rel) && !rel.startsWith('src/web/routes/')) {
      const body = text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '').trim()
      if (body && body.split('\n').every((l) => /^export\s+(\*|\{[^}]*\})\s+from\s/.test(l.trim()) || !l.trim()))
        problems.push(`${rel}: barrel files are not used; import the module itself`)
    }
    // A feature with its own Lingui catalog (`catalog.ts`, lingui.config.ts): each of its modules with text imports
    // it, so the messages are loaded whichever module of the feature runs first (src/web/lib/i18n.ts).
    const featureDir = rel.match(/^src\/web\/features\/[^/]+/)?.[0]
    if (featureDir && existsSync(join(root, featureDir, 'catalog.ts')) && !/\.test\.tsx?$/.test(rel) && !rel.endsWith('/catalog.ts')) {
      const importsCatalog = [...text.matchAll(importPattern)].some((m) => {
        const spec = m[1] ?? m[2] ?? m[3]
        return !!spec && resolve(dirname(file), spec) === join(root, featureDir, 'catalog.ts')
      })
      if (/@lingui\/(core|react)\/macro/.test(text) && !importsCatalog) problems.push(`${rel}: has text but does not import its feature's catalog.ts`)
    }
    const from = layerOf(file)
    for (const m of text.matchAll(importPattern)) {
      const spec = m[1] ?? m[2] ?? m[3]
      if (!spec) continue
      let target: string | undefined
      if (spec.startsWith('@/')) target = join(root, 'src', spec.slice(2))
      else if (spec.startsWith('.')) target = resolve(dirname(file), spec)
      if (!target) continue
      if (relative(root, target).startsWith('locales/')) continue
      const to = layerOf(target)
      // tests may also use the shared test support (tests/support), e.g. machines/*.test.ts
      const testSupport = /\.test\.tsx?$/.test(rel) && to === 'other'
      if (!allowed[from].includes(to) && !testSupport) problems.push(`${rel}: ${from} must not import ${to} ("${spec}")`)
      if (from === 'web-feature' && to === 'web-feature' && featureOf(file) !== featureOf(target))
        problems.push(`${rel}: feature "${featureOf(file)}" must not import feature "${featureOf(target)}" ("${spec}")`)
    }
  }
}

// Every machine has its model (docs/architecture.md §4): the one source of the model-based test, the QA plan,
// the diagrams' data and the browser path tests.
for (const name of readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts'))) {
  const model = join(root, 'machines', name.replace(/\.ts$/, '.model.ts'))
  if (!existsSync(model)) problems.push(`machines/${name}: no model (machines/${name.replace(/\.ts$/, '.model.ts')})`)
  else if (!/\bmachine:\s*\w+Machine\b/.test(readFileSync(model, 'utf8')))
    problems.push(`${relative(root, model)}: must export a model object with the machine (\`machine: …Machine\`)`)
}

if (problems.length) {
  console.error(`architecture lint: ${problems.length} problem(s)`)
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log('architecture lint: layout and dependency rule hold')
