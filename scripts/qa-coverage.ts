// `npm run qa:coverage [--json] [--no-run] [machine…]`: for every machine, what its model-based tests covered while
// they ran: states, transitions, transition pairs (1-switch: feasible and covered, and those that cannot happen with
// the reason), and the invalid events (every event a reachable state does not handle) sent and found to change
// nothing. Runs the machine tests first (tests/support/model-based.ts records into .test-data/machine-coverage/);
// `--no-run` reads what the last run (e.g. `npm test`) recorded. The JSON shape is in docs/statecharts/README.md.
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { machineInventory } from './statechart-model.ts'
import { discoverMachines } from './statechart.ts'
import { coverageDir, coverageMissing, coverageSummary, readCoverage, type CoverageRecord, type CoverageSummary } from './lib/machine-coverage.ts'

export async function coverageReport(names: string[] = [], root = process.cwd()) {
  const machines = (await discoverMachines(root)).filter((m) => !names.length || names.includes(m.name))
  const records = readCoverage()
  return machines.map((m) => {
    const record = records.find((r) => r.machineId === m.machine.id)
    const inventory = machineInventory(m.machine)
    return { summary: coverageSummary(m.name, record, { states: inventory.states.length, transitions: inventory.transitions.length }), record }
  })
}

const percent = (n: number, of: number) => (of ? `${Math.floor((n / of) * 1000) / 10} %` : '—')

export function coverageText(rows: Array<{ summary: CoverageSummary; record?: CoverageRecord }>, verbose = false): string {
  const lines = [
    '| machine | states | transitions | pairs (1-switch) | cannot happen | invalid events |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      ({ summary: s, record }) =>
        `| ${s.name} | ${s.states} | ${record ? `${s.transitionsCovered}/${s.transitions} (${percent(s.transitionsCovered, s.transitions)})` : 'no test ran'} | ` +
        `${s.pairsCovered}/${s.pairs} (${percent(s.pairsCovered, s.pairs)}) | ${s.pairsInfeasible} | ${s.invalidEventsAsserted}/${s.invalidEventsTotal} (${percent(s.invalidEventsAsserted, s.invalidEventsTotal)}) |`,
    ),
  ]
  for (const { summary, record } of rows) {
    if (!record) continue
    const missing = coverageMissing(record)
    if (missing.length) lines.push('', `${summary.name}: not covered`, ...missing.map((m) => `- ${m}`))
    if (verbose && record.pairs?.infeasible.length)
      lines.push('', `${summary.name}: pairs that cannot happen`, ...record.pairs.infeasible.map((p) => `- ${p.pair}: ${p.reason}`))
  }
  return `${lines.join('\n')}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, 'no-run': { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
  })
  let status = 0
  if (!values['no-run']) {
    const files = positionals.length ? positionals.map((name) => `machines/${name}.machine.test.ts`).filter((f) => existsSync(f)) : ['machines/']
    rmSync(coverageDir, { recursive: true, force: true })
    // the tests' own output goes to stderr, so that --json is the only thing on stdout
    status = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...files], { stdio: ['ignore', 2, 2] }).status ?? 1
  }
  const rows = await coverageReport(positionals)
  if (values.json) process.stdout.write(`${JSON.stringify({ machines: rows.map((r) => r.summary) }, null, 2)}\n`)
  else process.stdout.write(coverageText(rows, values.verbose))
  process.exit(status)
}
