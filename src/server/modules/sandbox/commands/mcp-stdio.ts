import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createMcpServer, type McpBackend } from './mcp.ts'

/**
 * `paylab mcp` (issue 23): the MCP server over stdio, on a backend of signed calls to a running PayLab that the command
 * line (src/cli) passes in. Built as dist/cli/paylab-mcp.js beside the CLI (scripts/build-cli.ts), which imports it only
 * for `mcp`: the client itself imports nothing of src/server. Serves until the client closes stdin.
 */
export async function serveMcpStdio(backend: McpBackend) {
  const server = createMcpServer(backend)
  await server.connect(new StdioServerTransport())
  await new Promise<void>((resolve) => {
    server.onclose = () => resolve()
  })
}
