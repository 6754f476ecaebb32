// `npm run qa:mutate [machine…] [--json]`: proof that the machine tests would notice a wrong transition. For each
// machine, mutants of its definition (scripts/lib/machine-mutants.ts: a transition dropped or retargeted, a guard
// negated or dropped, an action dropped, two events' targets swapped) are built in memory and the machine's test
// file runs its model-based checks against each one (tests/support/model-based.ts with PAYLAB_MUTATE: paths, pairs,
// walks, invalid events, the spec table, the test's checks and the model's invariants). A mutant is killed when any
// check fails. Prints mutants, killed and the survivors (with the model's reason when it is equivalent). Slow:
// not part of `npm test`.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { discoverMachines, loadModel } from './statechart.ts'

export interface MutationResult {
  name: string
  mutants: number
  killed: number
  survivors: Array<{ description: string; equivalent?: string }>
  /** When the test file could not be run (missing, or it failed before writing its results). */
  error?: string
}

function runTestFile(file: string, env: Record<string, string>, timeoutMs: number): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'node', file, '-t', 'machine mutants'], { env: { ...process.env, ...env }, detached: true })
    let output = ''
    child.stdout.on('data', (b: Buffer) => (output += b.toString()))
    child.stderr.on('data', (b: Buffer) => (output += b.toString()))
    const timer = setTimeout(() => {
      output += `\ntimed out after ${timeoutMs / 1000} s`
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    }, timeoutMs)
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({ status, output })
    })
  })
}

export async function mutateMachine(name: string, root = process.cwd(), timeoutMs = 40 * 60_000): Promise<MutationResult> {
  const found = (await discoverMachines(root)).find((m) => m.name === name)
  if (!found) throw new Error(`no machine "${name}"`)
  const model = await loadModel(name, root)
  const file = `machines/${name}.machine.test.ts`
  if (!existsSync(join(root, file))) return { name, mutants: 0, killed: 0, survivors: [], error: `no ${file}` }
  const dir = mkdtempSync(join(tmpdir(), 'paylab-mutate-'))
  const out = join(dir, 'result.json')
  try {
    const run = await runTestFile(file, { PAYLAB_MUTATE: found.machine.id, PAYLAB_MUTATE_OUT: out }, timeoutMs)
    if (!existsSync(out)) return { name, mutants: 0, killed: 0, survivors: [], error: run.output.split('\n').slice(-30).join('\n') }
    const { mutants } = JSON.parse(readFileSync(out, 'utf8')) as { mutants: Array<{ description: string; killed: boolean }> }
    return {
      name,
      mutants: mutants.length,
      killed: mutants.filter((m) => m.killed).length,
      survivors: mutants
        .filter((m) => !m.killed)
        .map((m) => ({
          description: m.description,
          ...(model?.equivalentMutants?.[m.description] ? { equivalent: model.equivalentMutants[m.description] } : {}),
        })),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const percent = (n: number, of: number) => (of ? `${Math.floor((n / of) * 1000) / 10} %` : '—')

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false } } })
  const names = positionals.length ? positionals : (await discoverMachines()).map((m) => m.name)
  const results: MutationResult[] = []
  for (const name of names) {
    const t0 = performance.now()
    const result = await mutateMachine(name)
    results.push(result)
    const seconds = ((performance.now() - t0) / 1000).toFixed(0)
    console.error(
      `${name}: ${result.killed}/${result.mutants} killed (${percent(result.killed, result.mutants)}) in ${seconds} s${result.error ? `\n${result.error}` : ''}`,
    )
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ machines: results.map(({ name, mutants, killed, survivors }) => ({ name, mutants, killed, survivors })) }, null, 2)}\n`,
    )
  } else {
    const lines = ['| machine | mutants | killed | survivors |', '|---|---|---|---|']
    for (const r of results) lines.push(`| ${r.name} | ${r.mutants} | ${r.killed} (${percent(r.killed, r.mutants)}) | ${r.survivors.length} |`)
    for (const r of results) {
      if (!r.survivors.length) continue
      lines.push('', `${r.name}: survivors`)
      for (const s of r.survivors) lines.push(`- ${s.description}${s.equivalent ? ` — equivalent: ${s.equivalent}` : ''}`)
    }
    process.stdout.write(`${lines.join('\n')}\n`)
  }
  const total = results.reduce((n, r) => n + r.mutants, 0)
  const killed = results.reduce((n, r) => n + r.killed, 0)
  console.error(`all machines: ${killed}/${total} killed (${percent(killed, total)})`)
  process.exit(results.some((r) => r.error) ? 1 : 0)
}
