import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { resolveCode } from '@/domain/resolver.ts'
import type { Lang } from '@/domain/i18n.ts'
import { i18nFor } from '../../../i18n.ts'

/** A command as an MCP tool lists it. */
export interface ToolInfo {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

/** A failed command as the sandbox answered it: its resultInfo and data (`issues` of a bad input). */
export interface CommandFailure {
  code: string
  message: string
  codeId: string
  data: unknown
}

export type CommandOutcome = { ok: true; data: unknown } | { ok: false; error: CommandFailure }

/**
 * What the MCP server is built over: the commands run in this process (`/mcp`) or over signed HTTP calls to a
 * running PayLab (`paylab mcp`, stdio). Either way the same commands, schemas and descriptions.
 */
export interface McpBackend {
  lang: Lang
  tools(): Promise<ToolInfo[]>
  call(name: string, input: unknown): Promise<CommandOutcome>
  openApi(): Promise<unknown>
}

export const mcpServerInfo = { name: 'paylab-sandbox', version: '0.1.0' }

const instructions =
  'PayLab is an offline sandbox of a payment API. These tools act only on the sandbox of the merchant whose sandbox key you configured, never on live money. ' +
  'A typical test: create_qr_code → pay_code (user taro) → get_payment (COMPLETED) → refund_payment → list_webhooks. ' +
  'Failed tools answer the resultInfo code with an explanation (meaning, cause, fix); explain_code explains any code. The docs are resources (paylab://docs/…) and search_docs/read_doc.'

const docUri = (path: string) => `paylab://docs${path}`
const openApiUri = 'paylab://openapi.json'

/** A tool error an agent can act on: the code, the message, each bad field, and the resolver's explanation. */
export function toolError(lang: Lang, error: CommandFailure) {
  const explained = resolveCode({ code: error.code, codeId: error.codeId }, i18nFor(lang))
  const data = error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {}
  const explanation = explained.entry ? { meaning: explained.entry.meaning, cause: explained.entry.cause, fix: explained.entry.fix } : null
  return { resultInfo: { code: error.code, message: error.message, codeId: error.codeId }, ...(data.issues ? { issues: data.issues } : {}), explanation }
}

/** The PayLab MCP server over a backend: tools = the sandbox commands; resources = the docs and /openapi.json. */
export function createMcpServer(backend: McpBackend) {
  const server = new Server(mcpServerInfo, { capabilities: { tools: {}, resources: {} }, instructions })

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await backend.tools()).map((t) => ({ name: t.name, description: t.description, inputSchema: { type: 'object' as const, ...t.inputSchema } })),
  }))

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const outcome = await backend.call(request.params.name, request.params.arguments ?? {})
    if (!outcome.ok) return { content: [{ type: 'text' as const, text: JSON.stringify(toolError(backend.lang, outcome.error), null, 2) }], isError: true }
    const structured = outcome.data && typeof outcome.data === 'object' && !Array.isArray(outcome.data) ? (outcome.data as Record<string, unknown>) : undefined
    return {
      content: [{ type: 'text' as const, text: JSON.stringify(outcome.data, null, 2) }],
      ...(structured ? { structuredContent: structured } : {}),
    }
  })

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const docs = await backend.call('list_docs', {})
    const pages = docs.ok ? ((docs.data as { pages: { path: string; title: string; description: string }[] }).pages ?? []) : []
    return {
      resources: [
        { uri: openApiUri, name: 'openapi.json', title: 'OpenAPI description of the sandbox', mimeType: 'application/json' },
        ...pages.map((p) => ({ uri: docUri(p.path), name: p.path, title: p.title, description: p.description, mimeType: 'text/plain' })),
      ],
    }
  })

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    if (uri === openApiUri) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(await backend.openApi()) }] }
    if (!uri.startsWith('paylab://docs/')) throw new Error(`Unknown resource ${uri}`)
    const page = await backend.call('read_doc', { path: uri.slice('paylab://docs'.length) })
    if (!page.ok) throw new Error(`${page.error.code}: ${page.error.message}`)
    const { title, text } = page.data as { title: string; text: string }
    return { contents: [{ uri, mimeType: 'text/plain', text: `# ${title}\n\n${text}` }] }
  })

  return server
}
