// `npm run qa:paths <machine> [--all|--pairs] [--format md|csv]`: the test plan of a machine for QA, from the same
// model the model-based tests replay (machines/<machine>.machine.model.ts). By default a small set of paths that
// together take every transition (0-switch); `--pairs` paths that take every feasible pair of consecutive
// transitions (1-switch), with the pairs that cannot happen and why; `--all` every simple path (loop-free, to every state).
// Each step says what to do or what the server answers (with the data), delays are the real ones, and after each
// step the plan says which state the flow is in and what the screen shows (the state's tags and the model's
// observations: screen.* a screen, alert.* a message, busy.* a disabled button or loader).
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { discoverMachines, loadModel } from './statechart.ts'
import { machineInventory, machinePaths, seenAfter, stateValueText, stepLabel, type MachineModel } from './statechart-model.ts'
import { transitionCover, type CoverPath } from './lib/machine-plan.ts'
import { pairCover, transitionPairs } from './lib/machine-graph.ts'

export interface PlanStep {
  action: string
  state: string
  shows: string[]
}
export interface PlanPath {
  start: string
  startShows: string[]
  startState: string
  steps: PlanStep[]
}

export function planPaths(model: MachineModel<AnyStateMachine>, paths: CoverPath[]): PlanPath[] {
  return paths.map((path) => {
    let before: AnyMachineSnapshot = path.initial
    const steps = path.steps.map((step) => {
      const action = stepLabel(model, before, step.event)
      before = step.state
      return { action, state: stateValueText(step.state.value), shows: seenAfter(model, step.state) }
    })
    return {
      start: path.inputLabel ?? path.inputName,
      startShows: seenAfter(model, path.initial),
      startState: stateValueText(path.initial.value),
      steps,
    }
  })
}

export async function qaPlan(name: string, options: { all?: boolean; pairs?: boolean; format?: 'md' | 'csv' } = {}, root = process.cwd()): Promise<string> {
  const machines = await discoverMachines(root)
  const found = machines.find((m) => m.name === name)
  if (!found) throw new Error(`no machine "${name}"; known: ${machines.map((m) => m.name).join(', ')}`)
  const model = (await loadModel(name, root)) ?? { machine: found.machine }
  const inventory = machineInventory(found.machine)
  let paths: CoverPath[]
  let uncovered: string[] = []
  const pairs = options.pairs ? transitionPairs(model) : undefined
  if (pairs) {
    ;({ paths, uncovered } = pairCover(model))
  } else if (options.all) {
    paths = machinePaths({ ...model, simplePaths: true }).filter((p) => p.kind !== 'transition')
  } else {
    ;({ paths, uncovered } = transitionCover(model))
  }
  const plan = planPaths(model, paths)
  if (options.format === 'csv') {
    const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
    const rows = [['path', 'step', 'start', 'do / happens', 'state after', 'screen shows after'].join(',')]
    plan.forEach((path, i) => {
      rows.push([String(i + 1), '0', path.start, '(start)', path.startState, path.startShows.join(' ')].map(quote).join(','))
      path.steps.forEach((step, n) => rows.push([String(i + 1), String(n + 1), path.start, step.action, step.state, step.shows.join(' ')].map(quote).join(',')))
    })
    return `${rows.join('\n')}\n`
  }
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const shows = (tags: string[]) => (tags.length ? tags.map((t) => `\`${t}\``).join(' ') : '—')
  const description = (found.machine.root.config as { description?: string }).description
  const lines = [
    `# QA plan: ${name}`,
    '',
    ...(description ? [description, ''] : []),
    `${plan.length} paths${
      pairs
        ? ` take ${uncovered.length ? '' : 'all '}${pairs.feasible.length - uncovered.length} of ${pairs.feasible.length} feasible transition pairs (1-switch: one transition right after another)`
        : options.all
          ? ' (every simple path)'
          : ` take ${uncovered.length ? '' : 'all '}${inventory.transitions.length - uncovered.length} of ${inventory.transitions.length} transitions`
    }; ` +
      `${plan.reduce((n, p) => n + p.steps.length, 0)} steps. Delays are the real ones. Do each path from its start; after each step check ` +
      'the state and what the screen shows (`screen.*` the screen, `alert.*` a message, `busy.*` a disabled button or a loader).',
  ]
  if (uncovered.length) lines.push('', `Not reachable with the model's data: ${uncovered.map((t) => `\`${t}\``).join(', ')}.`)
  if (pairs?.infeasible.length) {
    lines.push('', `${pairs.infeasible.length} pairs cannot happen (listed at the end).`)
  }
  plan.forEach((path, i) => {
    lines.push('', `## Path ${i + 1}: ${path.start}`, '', `At the start: **${path.startState}**, shows ${shows(path.startShows)}`, '')
    lines.push('| # | do / happens | then the flow is in | the screen shows |', '|---|---|---|---|')
    path.steps.forEach((step, n) => lines.push(`| ${n + 1} | ${cell(step.action)} | ${cell(step.state)} | ${shows(step.shows)} |`))
  })
  if (pairs?.infeasible.length) {
    lines.push('', '## Pairs that cannot happen', '', '| first | then | why not |', '|---|---|---|')
    for (const { pair, reason } of pairs.infeasible) {
      const [first, then] = pair.split(' → ')
      lines.push(`| \`${first}\` | \`${then}\` | ${cell(reason)} |`)
    }
  }
  return `${lines.join('\n')}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { all: { type: 'boolean', default: false }, pairs: { type: 'boolean', default: false }, format: { type: 'string', default: 'md' } },
  })
  const [name] = positionals
  const format = values.format
  if (!name || (format !== 'md' && format !== 'csv')) {
    const machines = await discoverMachines()
    console.error(`usage: npm run qa:paths <machine> [--all|--pairs] [--format md|csv]   (machines: ${machines.map((m) => m.name).join(', ')})`)
    process.exit(2)
  }
  try {
    process.stdout.write(await qaPlan(name, { all: values.all, pairs: values.pairs, format }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
