import { readFileSync } from 'node:fs'
import type { RemoteBackend } from './run.ts'
import { paylabCli } from './run.ts'

/**
 * The `paylab` process (`npx paylab …`, issue 31): scripts/paylab.js imports the build of this file,
 * dist/cli/paylab.js, in its own process — no child, so a signal reaches the process that does the work. SIGINT,
 * SIGTERM and SIGHUP stop `listen` and `logs tail --follow` between two rounds, and the process exits 128 + the
 * signal's number at once after (`mcp` ends when its client closes stdin, or on a signal). When its parent goes away
 * (`npx`'s shell killed under it), a long-running command ends as on SIGHUP: nothing is left running with parent 1.
 */

const signals = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const
let stoppedBy: number | undefined
let looping = false
for (const [name, number] of Object.entries(signals))
  process.on(name, () => {
    stoppedBy = number
    // a loop notices between two rounds; whatever it is waiting for, the process does not outlive the signal by long
    setTimeout(() => process.exit(128 + number), 200).unref()
    if (!looping) process.exit(128 + number)
  })

/** `paylab mcp`: the MCP server is the server's code (src/server/modules/sandbox/commands/mcp-stdio.ts), built beside this file. */
async function startMcp(backend: RemoteBackend) {
  const loaded: { serveMcpStdio?: unknown } = await import(new URL('./paylab-mcp.js', import.meta.url).href)
  if (typeof loaded.serveMcpStdio !== 'function') throw new Error('dist/cli/paylab-mcp.js is not the MCP server: npm run build')
  const serve = loaded.serveMcpStdio as (b: RemoteBackend) => Promise<void>
  await serve(backend)
}

const argv = process.argv.slice(2)
looping = argv.includes('listen') || argv.includes('--follow') || argv.includes('mcp')
// `npx paylab` runs this under npm and a shell; npm 11 passes a SIGTERM to the shell, which dies without passing it on.
// A long-running command whose parent went away (it is re-parented, to 1 or a subreaper) ends as if hung up.
const parent = process.ppid
if (looping)
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGHUP')
  }, 250).unref()
const code = await paylabCli(
  argv,
  process.env,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    readFile: (path) => readFileSync(path, 'utf8'),
    fetch: (url, init) => fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(30_000) }),
    stopped: () => stoppedBy !== undefined,
  },
  startMcp,
)
process.exitCode = stoppedBy === undefined ? code : 128 + stoppedBy
// stdout is flushed before the exit (a pipe is written asynchronously)
process.stdout.write('', () => process.exit())
