// `npm run diagrams`: writes docs/statecharts/<machine>.md (Mermaid) and .svg (Graphviz) for every
// machines/*.machine.ts, plus README.md, and removes pages of machines that no longer exist; and the machines' texts
// for the flows pages' catalog (src/web/features/flows/machine-texts.gen.ts, then `npm run i18n` extracts them).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { discoverMachines, generateStatecharts, generatedFilePattern, statechartsDir } from './statechart.ts'
import { machineTextsFile, machineTextsSource } from './lib/flow-texts-source.ts'

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
const texts = machineTextsSource(await discoverMachines())
if (!existsSync(machineTextsFile) || readFileSync(machineTextsFile, 'utf8') !== texts) {
  writeFileSync(machineTextsFile, texts)
  changed++
  console.log(`wrote ${machineTextsFile} (run npm run i18n, then translate what is new: npm run i18n:ja)`)
}
console.log(`statecharts: ${files.size} files, ${changed} changed`)
