// `npx paylab …` (issue 23; README "Command line and coding agents"): the sandbox's commands from a shell, CI or a
// coding agent, and `paylab mcp` (an MCP server over stdio). The logic is src/server/modules/sandbox/commands/cli.ts; this
// file only binds it to the process. scripts/paylab.js is the `bin` that starts it under tsx.
import { readFileSync } from 'node:fs'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { compileCatalogs } from './compile-catalogs.ts'

// the commands answer in the catalogs' words: compiled first (a fresh clone has none), then the server's code is loaded
compileCatalogs()
const { paylabCli } = await import('../src/server/modules/sandbox/commands/cli.ts')
const { createMcpServer } = await import('../src/server/modules/sandbox/commands/mcp.ts')

let stopped = false
process.once('SIGINT', () => (stopped = true))
process.once('SIGTERM', () => (stopped = true))

const code = await paylabCli(
  process.argv.slice(2),
  process.env,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    readFile: (path) => readFileSync(path, 'utf8'),
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }),
    stopped: () => stopped,
  },
  async (backend) => {
    const server = createMcpServer(backend)
    await server.connect(new StdioServerTransport())
    // serves until the client closes stdin
    await new Promise<void>((resolve) => {
      server.onclose = () => resolve()
    })
  },
)
process.exit(code)
