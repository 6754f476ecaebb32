import * as v from 'valibot'
import { toJsonSchema } from '@valibot/to-json-schema'
import { ApiError } from '@/domain/errors.ts'
import type { Lang } from '@/domain/i18n.ts'
import { grantsAnyProduct, type ProductModel } from '@/domain/products.ts'
import type { AppDeps } from '../../../deps.ts'
import { issuesOf } from '../../../http/validator.ts'

/**
 * One sandbox command (issue 23): what a developer, a script or a coding agent can ask of the sandbox, typed once and
 * served three ways — `POST /sandbox/api/commands/<name>` (OPA-signed, for the `paylab` command line), the MCP tools
 * (`/mcp` and `paylab mcp`) and tests in-process. `run` is a thin adapter over the engine (`deps.sandbox`) and the
 * services the portal's tools already use; it never talks to live mode: the sandbox is all there is.
 */
export interface CommandCtx {
  deps: AppDeps
  /** The merchant whose sandbox key called (another merchant's ids answer not-found). */
  merchantId: string
  /** The sandbox key that called (a consent session's response token is signed with its secret). */
  apiKey: string
  /** The merchant's product models (its scopes); empty grants every product, as on the API (sandbox/auth.ts). */
  products: string[]
  /** The portal's origin (a QR code's cashier URL). */
  origin: string
  lang: Lang
}

export interface Command<S extends v.GenericSchema = v.GenericSchema> {
  /** snake_case: an MCP tool name and the URL's last segment. */
  name: string
  /** For an agent: what it does, when to use it, what it answers. */
  description: string
  input: S
  run(ctx: CommandCtx, input: v.InferOutput<S>): Promise<unknown>
}

/** Keeps `run`'s input typed from the schema; the catalogue holds commands of every input (`run` is a method, so a `Command<S>` is a `Command`). */
export const command = <S extends v.GenericSchema>(c: Command<S>): Command => c

/** Validates the input (nothing runs on a bad one), then runs the command for the caller's merchant. */
export async function runCommand(c: Command, ctx: CommandCtx, raw: unknown) {
  const parsed = v.safeParse(c.input, raw ?? {})
  if (!parsed.success) throw new ApiError('SANDBOX_COMMAND_INVALID', { data: { command: c.name, issues: issuesOf(parsed.issues) } })
  return c.run(ctx, parsed.output)
}

/** The JSON Schema of a command's input (MCP `inputSchema`, `GET /sandbox/api/commands`). */
export function inputJsonSchema(c: Command): Record<string, unknown> {
  const { $schema: _draft, ...schema } = toJsonSchema(c.input, { errorMode: 'ignore', typeMode: 'input' }) as Record<string, unknown>
  return schema.type === 'object' ? schema : { type: 'object', properties: {} }
}

/** OP_OUT_OF_SCOPE unless the merchant has one of the products, as the API's routes check (`requireProducts`). */
export function requireProduct(ctx: CommandCtx, ...models: ProductModel[]) {
  if (!grantsAnyProduct(ctx.products, ...models)) throw new ApiError('OP_OUT_OF_SCOPE')
}
