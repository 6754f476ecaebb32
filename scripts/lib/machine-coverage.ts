// The coverage record of the model-based machine tests: what tests/support/model-based.ts saw while the tests ran
// (states visited, transitions and transition pairs taken, invalid events sent and found to change nothing), one
// JSON line per test run and machine in .test-data/machine-coverage/. Read by scripts/test.ts and `npm run qa:coverage`.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface CoverageRecord {
  /** The name the machine test gives (`testMachinePaths(name, …)`). */
  machine: string
  /** The machine's id (its root state's id), which ties the record to machines/<file>.machine.ts. */
  machineId?: string
  states: { all: string[]; visited: string[] }
  transitions: { all: string[]; taken: string[] }
  /** 1-switch: consecutive transitions `a → b`; feasible with the model's data, taken by the tests, and why the others cannot happen. */
  pairs?: { feasible: string[]; taken: string[]; infeasible: Array<{ pair: string; reason: string }> }
  /** `<state> <event>` for every reachable state and every event it does not handle; asserted = sent and found to change nothing. */
  invalidEvents?: { all: string[]; asserted: string[] }
}

export const coverageDir = join(process.cwd(), '.test-data', 'machine-coverage')

export function writeCoverage(record: CoverageRecord, dir = coverageDir) {
  mkdirSync(dir, { recursive: true })
  appendFileSync(join(dir, `${record.machine}.json`), `${JSON.stringify(record)}\n`)
}

const union = (a: string[] = [], b: string[] = []) => [...new Set([...a, ...b])].sort()

/** Union of every record per machine (a machine may be tested by several suites). */
export function readCoverage(dir = coverageDir): CoverageRecord[] {
  if (!existsSync(dir)) return []
  const merged = new Map<string, CoverageRecord>()
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue
      const record: CoverageRecord = JSON.parse(line)
      const prev = merged.get(record.machine)
      merged.set(record.machine, {
        machine: record.machine,
        machineId: record.machineId ?? prev?.machineId,
        states: { all: record.states.all, visited: union(prev?.states.visited, record.states.visited) },
        transitions: { all: record.transitions.all, taken: union(prev?.transitions.taken, record.transitions.taken) },
        ...(record.pairs || prev?.pairs
          ? {
              pairs: {
                feasible: record.pairs?.feasible ?? prev?.pairs?.feasible ?? [],
                infeasible: record.pairs?.infeasible ?? prev?.pairs?.infeasible ?? [],
                taken: union(prev?.pairs?.taken, record.pairs?.taken),
              },
            }
          : {}),
        ...(record.invalidEvents || prev?.invalidEvents
          ? {
              invalidEvents: {
                all: record.invalidEvents?.all ?? prev?.invalidEvents?.all ?? [],
                asserted: union(prev?.invalidEvents?.asserted, record.invalidEvents?.asserted),
              },
            }
          : {}),
      })
    }
  }
  return [...merged.values()].sort((a, b) => a.machine.localeCompare(b.machine))
}

/** The figures of `npm run qa:coverage -- --json` for one machine (counts over the machine's own inventory). */
export interface CoverageSummary {
  name: string
  states: number
  transitions: number
  transitionsCovered: number
  pairs: number
  pairsCovered: number
  pairsInfeasible: number
  invalidEventsAsserted: number
  invalidEventsTotal: number
}

const countIn = (all: string[] = [], seen: string[] = []) => {
  const set = new Set(seen)
  return all.filter((x) => set.has(x)).length
}

export function coverageSummary(name: string, record: CoverageRecord | undefined, inventory?: { states: number; transitions: number }): CoverageSummary {
  return {
    name,
    states: record?.states.all.length ?? inventory?.states ?? 0,
    transitions: record?.transitions.all.length ?? inventory?.transitions ?? 0,
    transitionsCovered: countIn(record?.transitions.all, record?.transitions.taken),
    pairs: record?.pairs?.feasible.length ?? 0,
    pairsCovered: countIn(record?.pairs?.feasible, record?.pairs?.taken),
    pairsInfeasible: record?.pairs?.infeasible.length ?? 0,
    invalidEventsAsserted: countIn(record?.invalidEvents?.all, record?.invalidEvents?.asserted),
    invalidEventsTotal: record?.invalidEvents?.all.length ?? 0,
  }
}

/** What the record misses: states, transitions, feasible pairs and invalid events no test reached. */
export function coverageMissing(record: CoverageRecord): string[] {
  const not = (all: string[] = [], seen: string[] = []) => {
    const set = new Set(seen)
    return all.filter((x) => !set.has(x))
  }
  return [
    ...not(record.states.all, record.states.visited).map((s) => `state ${s}`),
    ...not(record.transitions.all, record.transitions.taken).map((t) => `transition ${t}`),
    ...not(record.pairs?.feasible, record.pairs?.taken).map((p) => `pair ${p}`),
    ...not(record.invalidEvents?.all, record.invalidEvents?.asserted).map((e) => `invalid event ${e}`),
  ]
}

export function coverageLine(record: CoverageRecord): string {
  const s = coverageSummary(record.machine, record)
  const visited = countIn(record.states.all, record.states.visited)
  const line =
    `${record.machine}: states ${visited}/${s.states}, transitions ${s.transitionsCovered}/${s.transitions}` +
    (record.pairs ? `, pairs ${s.pairsCovered}/${s.pairs} (${s.pairsInfeasible} cannot happen)` : '') +
    (record.invalidEvents ? `, invalid events ${s.invalidEventsAsserted}/${s.invalidEventsTotal}` : '')
  const missing = coverageMissing(record)
  const shown = missing.slice(0, 8).join('; ') + (missing.length > 8 ? `; … ${missing.length - 8} more` : '')
  return missing.length ? `${line} (not covered: ${shown})` : line
}
