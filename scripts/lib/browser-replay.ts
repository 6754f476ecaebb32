// What the browser did is what the model says: the browser tests record every step of every machine actor
// (src/web/lib/inspect-record.ts, tests/support/hydrated-test.ts) into .test-data/e2e-inspection/; here each step
// (state before, event, state after, transitions taken) is replayed on the machine of machines/. A step is
// unmodelled when it took a transition the machine does not have, when the machine is unknown, or when the machine
// from the same state and context goes elsewhere (only where the context was recorded exactly). Also lists, per
// machine, the transitions the browser took and those no browser test ever took.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { machineInventory, stateValueText } from '../statechart-model.ts'
import { pureStep } from './machine-graph.ts'

export const browserRecordingDir = join(process.cwd(), '.test-data', 'e2e-inspection')

interface Recorded {
  test: string
  actor: string
  machine: string
  from: { value: unknown; context: unknown; status: string }
  event: { type: string }
  to: { value: unknown; context: unknown; status: string }
  transitions: string[][]
  lossy?: boolean
}

export interface BrowserMachineReport {
  name: string
  machineId: string
  steps: number
  transitionsSeen: string[]
  transitionsNeverTaken: string[]
  unmodelled: Array<{ test: string; from: string; event: string; to: string; why: string }>
}

export function readRecording(dir = browserRecordingDir): Recorded[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Recorded),
    )
}

export function replayRecording(machines: Array<{ name: string; machine: AnyStateMachine }>, recorded = readRecording()): BrowserMachineReport[] {
  const byId = new Map(machines.map((m) => [m.machine.id, m]))
  const reports = new Map<string, BrowserMachineReport & { seen: Set<string> }>()
  const reportOf = (id: string) => {
    let report = reports.get(id)
    if (!report) {
      const known = byId.get(id)
      report = {
        name: known?.name ?? `(no machine with id "${id}")`,
        machineId: id,
        steps: 0,
        transitionsSeen: [],
        transitionsNeverTaken: [],
        unmodelled: [],
        seen: new Set(),
      }
      reports.set(id, report)
    }
    return report
  }
  for (const m of machines) reportOf(m.machine.id)
  for (const step of recorded) {
    const report = reportOf(step.machine)
    report.steps++
    const known = byId.get(step.machine)
    const row = { test: step.test, from: stateValueText(step.from.value), event: step.event?.type ?? '?', to: stateValueText(step.to.value) }
    if (!known) {
      report.unmodelled.push({ ...row, why: 'no machine in machines/ has this id' })
      continue
    }
    const ids = new Set(machineInventory(known.machine).transitions.map((t) => t.id))
    const taken = step.transitions.flat()
    for (const id of taken) report.seen.add(id)
    const missing = taken.filter((id) => !ids.has(id))
    if (missing.length) {
      report.unmodelled.push({ ...row, why: `transitions the machine does not have: ${missing.join(', ')}` })
      continue
    }
    if (step.lossy || step.from.status !== 'active') continue
    let replayed: { state: AnyMachineSnapshot; micro: string[][] }
    try {
      const from = known.machine.resolveState({ value: step.from.value as never, context: step.from.context as never })
      replayed = pureStep(known.machine, from as AnyMachineSnapshot, step.event)
    } catch (error) {
      report.unmodelled.push({ ...row, why: `the machine cannot replay it: ${error instanceof Error ? error.message : String(error)}` })
      continue
    }
    const same = stateValueText(replayed.state.value) === row.to && replayed.micro.flat().join('\n') === taken.join('\n')
    if (!same)
      report.unmodelled.push({
        ...row,
        why: `the machine goes to ${stateValueText(replayed.state.value)} taking [${replayed.micro.flat().join(', ')}], the browser took [${taken.join(', ')}]`,
      })
  }
  return [...reports.values()]
    .map(({ seen, ...report }) => {
      const known = byId.get(report.machineId)
      const all = known ? machineInventory(known.machine).transitions.map((t) => t.id) : []
      return { ...report, transitionsSeen: [...seen].sort(), transitionsNeverTaken: all.filter((id) => !seen.has(id)) }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

export function browserReportText(reports: BrowserMachineReport[], verbose = false): string {
  const lines = ['| machine | steps recorded | transitions taken | never taken in a browser | unmodelled |', '|---|---|---|---|---|']
  for (const r of reports) {
    const total = r.transitionsSeen.length + r.transitionsNeverTaken.length
    lines.push(`| ${r.name} | ${r.steps} | ${r.transitionsSeen.length}/${total} | ${r.transitionsNeverTaken.length} | ${r.unmodelled.length} |`)
  }
  for (const r of reports) {
    for (const u of r.unmodelled.slice(0, 20)) lines.push(`✗ ${r.name}: ${u.from} --${u.event}--> ${u.to} (${u.test}): ${u.why}`)
    if (verbose && r.transitionsNeverTaken.length) lines.push('', `${r.name}: never taken in a browser`, ...r.transitionsNeverTaken.map((t) => `- ${t}`))
  }
  return `${lines.join('\n')}\n`
}
