// `npm run diagrams`: writes docs/statecharts/<machine>.md (Mermaid) and .svg (Graphviz) for every
// machines/*.machine.ts, plus README.md, and removes pages of machines that no longer exist.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { generateStatecharts, generatedFilePattern, statechartsDir } from './statechart.ts'

const dir = statechartsDir()
mkdirSync(dir, { recursive: true })
const files = await generateStatecharts()
let changed = 0
for (const [name, content] of files) {
  const path = join(dir, name)
  if (existsSync(path) && readFileSync(path, 'utf8') === content) continue
  writeFileSync(path, content)
  changed++
  console.log(`wrote docs/statecharts/${name}`)
}
for (const name of readdirSync(dir)) {
  if (generatedFilePattern.test(name) && !files.has(name)) {
    rmSync(join(dir, name))
    changed++
    console.log(`removed docs/statecharts/${name}`)
  }
}
console.log(`statecharts: ${files.size} files, ${changed} changed`)
