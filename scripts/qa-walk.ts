// `npm run qa:walk <machine> --seed N --steps K [--json]`: a seeded random walk through a machine's model — the same
// walk for the same seed, anywhere — with what to do at each step, the state after it, what the screen shows, and
// any of the model's invariants that fail. The machine tests take such walks (model `walks`) and check the
// invariants on the real actor.
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { discoverMachines, loadModel } from './statechart.ts'
import { randomWalk } from './lib/machine-graph.ts'
import { planPaths } from './qa-paths.ts'

export async function qaWalk(name: string, seed: number, steps: number, root = process.cwd()) {
  const machines = await discoverMachines(root)
  const found = machines.find((m) => m.name === name)
  if (!found) throw new Error(`no machine "${name}"; known: ${machines.map((m) => m.name).join(', ')}`)
  const model = (await loadModel(name, root)) ?? { machine: found.machine }
  const walk = randomWalk(model, seed, steps)
  const [plan] = planPaths(model, [walk])
  return { machine: name, seed, steps: walk.steps.length, start: plan!.start, startState: plan!.startState, path: plan!.steps, violations: walk.violations }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seed: { type: 'string', default: '1' }, steps: { type: 'string', default: '40' }, json: { type: 'boolean', default: false } },
  })
  const [name] = positionals
  const seed = Number(values.seed)
  const steps = Number(values.steps)
  if (!name || !Number.isInteger(seed) || !Number.isInteger(steps) || steps < 0) {
    console.error('usage: npm run qa:walk <machine> -- --seed N --steps K [--json]')
    process.exit(2)
  }
  try {
    const walk = await qaWalk(name, seed, steps)
    if (values.json) process.stdout.write(`${JSON.stringify(walk, null, 2)}\n`)
    else {
      const lines = [`# Walk: ${name}, seed ${seed}, ${walk.steps} steps`, '', `Start: ${walk.start}, in **${walk.startState}**`, '']
      lines.push('| # | do / happens | then the flow is in | the screen shows |', '|---|---|---|---|')
      walk.path.forEach((s, i) =>
        lines.push(`| ${i + 1} | ${s.action.replace(/\|/g, '\\|')} | ${s.state} | ${s.shows.map((t) => `\`${t}\``).join(' ') || '—'} |`),
      )
      lines.push(
        '',
        walk.violations.length
          ? `Invariants broken: ${walk.violations.map((v) => `step ${v.step}: ${v.invariant}`).join('; ')}`
          : 'Every invariant of the model held.',
      )
      process.stdout.write(`${lines.join('\n')}\n`)
    }
    process.exit(walk.violations.length ? 1 : 0)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
