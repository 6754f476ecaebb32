// `npm run bench:cli`: how fast `paylab` answers (issue 31: `npx paylab --help` in ≤ 400 ms on this machine, npx's
// own start included). Times N runs each of `npx paylab --help` (npm exec → node_modules/.bin/paylab → the built
// dist/cli/paylab.js), `node dist/cli/paylab.js --help` (the CLI alone) and `node -e ''` (node's own start, to read
// the others against on a busy machine), from the spawn to the exit; prints the median and the p95 of the wall time,
// and the CPU time of the process and its children (from the kernel: on a shared machine the wall time says more
// about the other processes). Builds the CLI first when it is stale. One measurement; not a test. Figures: docs/cli.md.
//
//   npm run bench:cli [-- --runs 20]
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { buildCli, cliBundle } from './build-cli.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } })
const runs = Math.max(1, Number(values.runs) || 20)

if (await buildCli()) console.log('built the command line first')

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

/** Runs a command `runs` times (after one warm-up run); wall and CPU milliseconds of each. */
function time(command: string, args: string[]) {
  const wall: number[] = []
  const cpu: number[] = []
  spawnSync(command, args, { stdio: 'ignore' })
  for (let i = 0; i < runs; i++) {
    // bash's `times` reports the children's user and system time once the command has ended
    const started = performance.now()
    const result = spawnSync('bash', ['-c', `"$@" >/dev/null 2>&1; status=$?; times; exit $status`, 'bench', command, ...args], { encoding: 'utf8' })
    wall.push(performance.now() - started)
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
    const [user, system] = (result.stdout.trim().split('\n').at(-1) ?? '').split(/\s+/).map((t) => {
      const m = /(\d+)m([\d.]+)s/.exec(t)
      return m ? Number(m[1]) * 60_000 + Number(m[2]) * 1000 : 0
    })
    cpu.push((user ?? 0) + (system ?? 0))
  }
  const sort = (list: number[]) => [...list].sort((a, b) => a - b)
  return { wall: sort(wall), cpu: sort(cpu) }
}

const cases = [
  ['npx paylab --help', 'npx', ['paylab', '--help']],
  [`node ${cliBundle} --help`, process.execPath, [cliBundle, '--help']],
  ["node -e ''", process.execPath, ['-e', '']],
] as const

console.log(
  `${runs} runs each; ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
for (const [name, command, args] of cases) {
  const { wall, cpu } = time(command, [...args])
  const ms = (n: number) => `${Math.round(n)} ms`.padStart(7)
  console.log(
    `${name.padEnd(34)} wall median ${ms(percentile(wall, 50))}  p95 ${ms(percentile(wall, 95))}   cpu median ${ms(percentile(cpu, 50))}  p95 ${ms(percentile(cpu, 95))}`,
  )
}
