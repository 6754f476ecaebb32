// `npm run qa:paths <machine>`: the path-coverage test plan of a machine as Markdown, one row per path, from the
// same traversal the model-based tests replay (scripts/statechart-model.ts). Inputs and event payloads come
// from machines/<machine>.machine.model.ts when it exists (an export with a `machine` field).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { discoverMachines } from './statechart.ts'
import { eventLabel, machineInventory, machinePaths, stateValueText, type MachineModel } from './statechart-model.ts'

function isModel(value: unknown): value is MachineModel<AnyStateMachine> {
  return typeof value === 'object' && value !== null && 'machine' in value
}

export async function qaPlan(name: string, root = process.cwd()): Promise<string> {
  const machines = await discoverMachines(root)
  const found = machines.find((m) => m.name === name)
  if (!found) throw new Error(`no machine "${name}"; known: ${machines.map((m) => m.name).join(', ')}`)
  const modelFile = join(root, 'machines', `${name}.machine.model.ts`)
  let model: MachineModel<AnyStateMachine> = { machine: found.machine }
  if (existsSync(modelFile)) {
    const mod: Record<string, unknown> = await import(pathToFileURL(modelFile).href)
    const exported = Object.values(mod).find(isModel)
    if (exported) model = exported
  }
  const paths = machinePaths(model)
  const inventory = machineInventory(found.machine)
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const lines = [
    `# QA path plan: ${name}`,
    '',
    `Machine \`${found.exportName}\` in \`${found.file}\`: ${inventory.states.length} states, ${inventory.transitions.length} transitions. ` +
      `${paths.length} paths (${['shortest', 'simple', 'transition'].map((k) => `${paths.filter((p) => p.kind === k).length} ${k}`).join(', ')}).`,
    'Do the steps from the start state; after the last step the screen must show the expected state.',
    'Steps named "done: X" / "error: X" mean the call X answers / fails; "after d (t)" means waiting t.',
    '',
    '| # | start | steps (events in order) | states passed | expected final state |',
    '|---|---|---|---|---|',
  ]
  paths.forEach((path, i) => {
    const steps = path.steps.length
      ? path.steps.map((s, n) => `${n + 1}. ${eventLabel(found.machine, s.event.type)}`).join('<br>')
      : '(none: state right after start)'
    const passed = [path.initial, ...path.steps.map((s) => s.state)].map((s) => stateValueText(s.value)).join(' → ')
    const final = stateValueText((path.steps.at(-1)?.state ?? path.initial).value)
    lines.push(`| ${i + 1} | ${cell(path.inputName)} | ${cell(steps)} | ${cell(passed)} | **${cell(final)}** |`)
  })
  return `${lines.join('\n')}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = process.argv[2]
  if (!name) {
    const machines = await discoverMachines()
    console.error(`usage: npm run qa:paths <machine>   (machines: ${machines.map((m) => m.name).join(', ')})`)
    process.exit(2)
  }
  try {
    process.stdout.write(await qaPlan(name))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    console.error(`If the traversal needs event payloads, export a model from machines/${name}.machine.model.ts.`)
    process.exit(1)
  }
}
