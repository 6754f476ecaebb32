// The part of the house rules that is not about imports (those are ESLint's, eslint.config.js): the layout of
// docs/architecture.md §3 exists, and every machine has its model (§4).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = process.cwd()
const required = [
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'README.md',
  '.ci/run',
  'src/domain',
  'src/server',
  'src/web',
  'src/web/routes',
  'src/web/features',
  'src/web/ui',
  'src/web/lib',
  'src/content/ja',
  'src/content/en',
  'machines',
  'locales/ja/messages.po',
  'locales/en/messages.po',
  'tests/e2e',
  'tests/server',
  'docs/architecture.md',
  'docs/statecharts',
  'public',
]
const problems: string[] = []
for (const path of required) if (!existsSync(join(root, path))) problems.push(`missing ${path}`)

// Every machine has its model: the one source of the model-based test, the QA plan, the diagrams' data and the
// browser path tests.
for (const name of readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts'))) {
  const model = `machines/${name.replace(/\.ts$/, '.model.ts')}`
  if (!existsSync(join(root, model))) problems.push(`machines/${name}: no model (${model})`)
  else if (!/\bmachine:\s*\w+Machine\b/.test(readFileSync(join(root, model), 'utf8')))
    problems.push(`${model}: must export a model object with the machine (\`machine: …Machine\`)`)
}

if (problems.length) {
  console.error(`layout check: ${problems.length} problem(s)`)
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log('layout check: required files and machine models are there')
