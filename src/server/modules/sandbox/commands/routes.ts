import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { successInfo } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'
import type { AppDeps } from '../../../deps.ts'
import type { OpaEnv } from '../auth/opa-auth.ts'
import { describe } from '../../../http/openapi.ts'
import { invalidParams, jsonIn, type JsonInput } from '../../../http/validator.ts'
import { i18nFor } from '../../../i18n.ts'
import { commands } from './catalogue.ts'
import { inputJsonSchema, type CommandCtx } from './command.ts'

/** What `GET /sandbox/api/commands` answers for each command (the CLI's help, an agent's discovery). */
export const commandList = () => commands.map((c) => ({ name: c.name, description: c.description, inputSchema: inputJsonSchema(c) }))

/**
 * The commands over HTTP for the `paylab` command line (issue 23): `POST /sandbox/api/commands/<name>` with the
 * input as JSON, signed with the merchant's sandbox key like every OPA call (`guards`: OPA-Auth), acting on that
 * merchant only; `GET /sandbox/api/commands` lists them. The input is validated at the edge (400
 * SANDBOX_COMMAND_INVALID with `data.issues`; nothing runs). Answers `{resultInfo, data}` in the caller's language.
 */
export function serveCommands(
  app: Hono<OpaEnv>,
  deps: AppDeps,
  guards: MiddlewareHandler<OpaEnv>[],
  merchantOf: (c: Context<OpaEnv>) => string,
  originOf: (c: Context<OpaEnv>) => string,
) {
  const ok = (c: Context<OpaEnv>, data: unknown) => c.json({ resultInfo: successInfo(i18nFor(pickLang(c.req.header('accept-language')))), data })
  const list: MiddlewareHandler<OpaEnv> = async (c) => ok(c, { commands: commandList() })
  const listDoc = describe({
    tag: 'Sandbox',
    summary: 'The sandbox commands of the paylab command line and the MCP tools: name, description and JSON Schema of the input',
    security: 'opaAuth',
  })
  app.on(['GET'], ['/commands'], listDoc, ...guards, list)
  for (const command of commands) {
    const check = jsonIn<v.GenericSchema, OpaEnv>(v.optional(command.input, {}), invalidParams('SANDBOX_COMMAND_INVALID'))
    const run: MiddlewareHandler<OpaEnv, string, JsonInput<v.GenericSchema>> = async (c) => {
      const ctx: CommandCtx = {
        deps,
        merchantId: merchantOf(c),
        apiKey: c.get('opa').apiKey,
        products: c.get('opa').products,
        origin: originOf(c),
        lang: pickLang(c.req.header('accept-language')),
      }
      // the validated input (this loop serves commands of every shape, so it is read as unknown)
      const input = c.req.valid('json')
      return ok(c, await command.run(ctx, input))
    }
    const doc = describe({ tag: 'Sandbox', summary: command.description, security: 'opaAuth' })
    app.on(['POST'], [`/commands/${command.name}`], doc, ...guards, check, run)
  }
}
