import { Hono } from 'hono'
import { ApiError, ShapedError } from '@/domain/errors.ts'
import { pickLang, type Lang } from '@/domain/i18n.ts'
import { clientAddressOf, isLoopback } from '../../../client.ts'
import { linkOrigin } from '../../../config.ts'
import type { AppDeps } from '../../../deps.ts'
import { hostPolicyOf, type HostPolicy } from '../../../http/known-hosts.ts'
import { i18nFor } from '../../../i18n.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { safeEqual } from '../../accounts/crypto.ts'
import { commandByName } from './catalogue.ts'
import { commandList } from './routes.ts'
import { runCommand, type CommandCtx } from './command.ts'
import type { CommandOutcome, McpBackend } from './mcp.ts'

/** The MCP SDK loads with the first `/mcp` call, not at every start (issue 33: a restart in a second). */
const mcpSdk = () => Promise.all([import('./mcp.ts'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')])

/** The commands run in this process for one merchant: the MCP backend of `/mcp` (and of tests). */
export function inProcessBackend(
  deps: AppDeps,
  caller: { merchantId: string; apiKey: string; products: string[] },
  origin: string,
  lang: Lang,
  openApi: () => Promise<unknown>,
): McpBackend {
  const ctx: CommandCtx = { deps, ...caller, origin, lang }
  return {
    lang,
    tools: async () => commandList(),
    async call(name, input): Promise<CommandOutcome> {
      try {
        const command = commandByName.get(name)
        if (!command) throw new ApiError('SANDBOX_COMMAND_NOT_FOUND')
        return { ok: true, data: await runCommand(command, ctx, input) }
      } catch (error) {
        if (!(error instanceof ShapedError)) throw error
        const info = error.resultInfo(i18nFor(lang))
        return { ok: false, error: { ...info, data: error.data } }
      }
    },
    openApi,
  }
}

/** `Authorization: Bearer <API key>:<API secret>` — the merchant's sandbox key, as in Settings → API keys. */
async function merchantOfKey(deps: AppDeps, authorization: string | undefined) {
  const [apiKey, apiSecret] = (/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '').split(':')
  if (!apiKey || !apiSecret) return undefined
  await deps.sandbox.ready()
  const found = await merchantRepo(deps.store.db).findActiveCredential(apiKey)
  return found && safeEqual(found.credential.apiSecret, apiSecret) ? { merchantId: found.merchant.id, apiKey, products: found.merchant.products } : undefined
}

/**
 * The SDK's own DNS-rebinding protection (issue 33) under the server's host policy (http/known-hosts.ts): the
 * request's `Host` and `Origin` are the allowed ones only when the policy accepts them, so the transport refuses
 * (403, JSON-RPC error) whatever the app's guard would, even where it runs without that guard; an Origin must be
 * one of the portal's own (a browser page of another site gets nothing). The SDK compares whole `Host` values
 * (`name:port`) against a fixed list, and the policy takes any port and, on a shared server, any address: hence
 * the list of one, decided per request. Without a header (in-process calls, HTTP/1.0) the SDK skips that check.
 */
export function rebindingProtection(policy: Pick<HostPolicy, 'acceptsAuthority' | 'isOwnOrigin'>, host: string | undefined, origin: string | undefined) {
  const none = 'none.invalid'
  return {
    enableDnsRebindingProtection: true,
    allowedHosts: host === undefined ? undefined : [policy.acceptsAuthority(host) ? host : none],
    allowedOrigins: origin === undefined ? undefined : [policy.isOwnOrigin(origin) ? origin : `https://${none}`],
  }
}

/**
 * `/mcp` (issue 23): the MCP server over Streamable HTTP, stateless (a server per request, JSON answers). Loopback
 * clients only unless MCP_ALLOW_REMOTE is set (others get 404, as if there were none); the credential is a
 * merchant's sandbox key. It only ever touches that merchant's sandbox.
 */
export function mcpRoutes(deps: AppDeps, openApi: () => Promise<unknown>) {
  const app = new Hono()
  app.all('/', async (c) => {
    if (!deps.config.mcpAllowRemote && !isLoopback(clientAddressOf(c))) throw new ApiError('RESOURCE_NOT_FOUND')
    const caller = await merchantOfKey(deps, c.req.header('authorization'))
    if (!caller) {
      c.header('WWW-Authenticate', 'Bearer realm="paylab-sandbox"')
      throw new ApiError('UNAUTHORIZED')
    }
    const origin = linkOrigin(deps.config, c.req.url)
    const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await mcpSdk()
    const server = createMcpServer(inProcessBackend(deps, caller, origin, pickLang(c.req.header('accept-language')), openApi))
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...rebindingProtection(hostPolicyOf(deps.config), c.req.header('host'), c.req.header('origin')),
    })
    await server.connect(transport)
    return transport.handleRequest(c.req.raw)
  })
  return app
}
