import { randomBytes } from 'node:crypto'
import type { MessageDescriptor } from '@lingui/core'
import * as v from 'valibot'
import { stringify as toYaml } from 'yaml'
import type { Lang } from '@/domain/i18n.ts'
import { signOpaRequest } from '@/domain/opa-auth.ts'
import { resolveCode } from '@/domain/resolver.ts'
import { webhookDeliverySchema } from '@/domain/webhooks.ts'
import { i18nFor, t } from '../../../i18n.ts'
import { nodeOpaCrypto } from '../auth/opa-crypto.ts'
import { httpWebhookTransport, type WebhookTransport } from '../webhooks/webhooks.ts'
import { demoMerchant } from '../engine/seed.ts'
import { commandByName, triggerEvents } from './catalogue.ts'
import { cliText } from './cli-text.ts'
import { inputJsonSchema } from './command.ts'
import { commandList } from './routes.ts'
import type { CommandFailure, CommandOutcome, McpBackend } from './mcp.ts'

/**
 * `paylab` (issue 23; scripts/paylab.ts is the entry, `npx paylab …`): the sandbox's commands from a shell, a CI job or
 * a coding agent. Every subcommand is one sandbox command (modules/sandbox/commands/catalogue.ts) called over signed HTTP
 * (`POST /sandbox/api/commands/<name>`, OPA-Auth with the merchant's sandbox key) — the command line has no logic of
 * its own beyond reading arguments, except `listen` (the webhook forwarder) and `mcp` (an MCP server over stdio).
 */

export type Fetch = (url: string, init: RequestInit) => Promise<Response>

export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
  readFile: (path: string) => string
  fetch: Fetch
  /** Waits between polls (`listen`, `logs tail --follow`); tests pass one that resolves at once. */
  sleep?: (ms: number) => Promise<void>
  /** Posts a delivery to the local receiver (`listen`). */
  transport?: WebhookTransport
  /** Stops `listen` / `--follow` (SIGINT); polled between rounds. */
  stopped?: () => boolean
}

/** Options every subcommand takes. */
const globalBooleans = new Set(['json', 'help', 'once', 'follow', 'reset'])

interface Parsed {
  positionals: string[]
  flags: Map<string, string | true>
}

/** `--name value`, `--name=value`, `--flag` (the booleans above), `-h`; everything else positional. */
export function parseArgv(argv: string[]): Parsed {
  const positionals: string[] = []
  const flags = new Map<string, string | true>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '-h') flags.set('help', true)
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2)
      if (eq > 0) flags.set(name, arg.slice(eq + 1))
      else if (globalBooleans.has(name) || i + 1 >= argv.length || argv[i + 1]!.startsWith('--')) flags.set(name, true)
      else flags.set(name, argv[++i]!)
    } else positionals.push(arg)
  }
  return { positionals, flags }
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** The command's fields from `--field value` flags, typed by the command's JSON Schema (numbers, booleans, JSON). */
function fieldsOf(commandName: string, flags: Map<string, string | true>, skip: string[] = []) {
  const c = commandByName.get(commandName)
  const properties = ((c ? inputJsonSchema(c) : {}).properties ?? {}) as Record<string, { type?: string | string[]; anyOf?: { type?: string }[] }>
  const fields: Record<string, unknown> = {}
  for (const [flag, value] of flags) {
    if (['json', 'lang', 'url', 'sandbox', 'key', 'secret', 'merchant', 'help', ...skip].includes(flag)) continue
    const name = camel(flag)
    const schema = properties[name]
    const types = [schema?.type, ...(schema?.anyOf?.map((s) => s.type) ?? [])].flat().filter(Boolean)
    if (value === true) fields[name] = true
    else if ((types.includes('number') || types.includes('integer')) && !types.includes('string') && /^-?\d+(\.\d+)?$/.test(value)) fields[name] = Number(value)
    else if (types.includes('boolean') && (value === 'true' || value === 'false')) fields[name] = value === 'true'
    else if (types.length === 0 && /^[[{]/.test(value)) {
      try {
        fields[name] = JSON.parse(value)
      } catch {
        fields[name] = value
      }
    } else fields[name] = value
  }
  return fields
}

class UsageError extends Error {}

/** The connection: where PayLab is, whose sandbox key signs, which language answers. */
export function connection(flags: Map<string, string | true>, env: Record<string, string | undefined>) {
  const str = (name: string) => {
    const value = flags.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const langFlag = str('lang') ?? env.PAYLAB_LANG
  const lang: Lang = langFlag === 'en' ? 'en' : 'ja'
  const key = str('key') ?? env.PAYLAB_API_KEY
  return {
    lang,
    url: (str('url') ?? str('sandbox') ?? env.PAYLAB_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    apiKey: key ?? demoMerchant.apiKey,
    apiSecret: str('secret') ?? env.PAYLAB_API_SECRET ?? (key ? '' : demoMerchant.apiSecret),
    merchantId: str('merchant') ?? env.PAYLAB_MERCHANT_ID ?? (key ? undefined : demoMerchant.id),
  }
}
export type Connection = ReturnType<typeof connection>

const AnswerSchema = v.object({
  resultInfo: v.object({ code: v.string(), message: v.string(), codeId: v.string() }),
  data: v.optional(v.unknown()),
})

/** One OPA-signed call to the sandbox; answers the outcome (a failure carries the resultInfo). */
export async function signedCall(conn: Connection, fetchFn: Fetch, method: 'GET' | 'POST', path: string, body?: unknown): Promise<CommandOutcome> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: conn.apiKey,
    apiSecret: conn.apiSecret,
    method,
    path: path.split('?')[0]!,
    contentType: text === undefined ? undefined : contentType,
    body: text,
    nonce: randomBytes(8).toString('hex'),
    epoch: Math.floor(Date.now() / 1000),
  })
  const res = await fetchFn(`${conn.url}${path}`, {
    method,
    headers: {
      authorization,
      'accept-language': conn.lang,
      ...(text === undefined ? {} : { 'content-type': contentType }),
      ...(conn.merchantId ? { 'x-assume-merchant': conn.merchantId } : {}),
    },
    body: text,
  })
  const raw = await res.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const answer = v.safeParse(AnswerSchema, parsed)
  if (!answer.success) return { ok: false, error: { code: `HTTP_${res.status}`, message: raw.slice(0, 200), codeId: '', data: null } }
  if (!res.ok) return { ok: false, error: { ...answer.output.resultInfo, data: answer.output.data ?? null } }
  return { ok: true, data: answer.output.data ?? null }
}

/** Runs a sandbox command on the server. */
export const remoteCommand = (conn: Connection, fetchFn: Fetch, name: string, input: unknown) =>
  signedCall(conn, fetchFn, 'POST', `/sandbox/api/commands/${name}`, input)

/** The MCP backend of `paylab mcp`: the commands of a running PayLab, over signed calls. */
export function remoteBackend(conn: Connection, fetchFn: Fetch): McpBackend {
  return {
    lang: conn.lang,
    tools: async () => commandList(),
    call: (name, input) => remoteCommand(conn, fetchFn, name, input),
    openApi: async () => (await fetchFn(`${conn.url}/openapi.json`, { method: 'GET' })).json(),
  }
}

/** A failure for a person: the code and message, each bad field, and the resolver's cause and fix. */
function explainFailure(lang: Lang, error: CommandFailure) {
  const lines = [t(lang, cliText.failed, { code: error.code, message: error.message })]
  const issues = (error.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
  for (const issue of issues) lines.push(t(lang, cliText.field, issue))
  const entry = resolveCode({ code: error.code, codeId: error.codeId || undefined }, i18nFor(lang)).entry
  if (entry) lines.push(t(lang, cliText.cause, { cause: entry.cause }), t(lang, cliText.fix, { fix: entry.fix }))
  return lines.join('\n')
}

const payOutcome = (value: string | undefined) =>
  ({ refused: 'insufficient_balance', insufficient_balance: 'insufficient_balance', cancel: 'user_cancel', user_cancel: 'user_cancel' })[value ?? ''] ??
  value ??
  'success'

/** Reads the subcommand into one sandbox command and its input (or a local action). */
function plan(p: Parsed, io: CliIo): { name: string; input: Record<string, unknown> } | { local: 'help' | 'commands' | 'listen' | 'mcp' | 'follow' } {
  const [verb, ...rest] = p.positionals
  const f = p.flags
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new UsageError(what)
    return value
  }
  const str = (name: string) => (typeof f.get(name) === 'string' ? (f.get(name) as string) : undefined)
  switch (verb) {
    case undefined:
    case 'help':
      return { local: 'help' }
    case 'commands':
      return { local: 'commands' }
    case 'mcp':
      return { local: 'mcp' }
    case 'listen':
      return { local: 'listen' }
    case 'trigger':
      return { name: 'trigger', input: { ...fieldsOf('trigger', f), event: need(rest[0], '<event>') } }
    case 'pay':
      return {
        name: 'pay_code',
        input: { code: need(rest[0], '<code url>'), ...(str('user') ? { user: str('user') } : {}), outcome: payOutcome(str('outcome')) },
      }
    case 'logs': {
      if (rest[0] !== undefined && rest[0] !== 'tail') throw new UsageError('logs tail')
      if (f.get('follow') === true) return { local: 'follow' }
      return { name: 'tail_logs', input: fieldsOf('tail_logs', f, ['follow']) }
    }
    case 'clock':
      if (!rest[0] || rest[0] === 'get') return { name: 'get_clock', input: {} }
      if (rest[0] === 'advance') return { name: 'advance_clock', input: { by: need(rest[1], '<duration>') } }
      if (rest[0] === 'set') return { name: 'set_clock', input: { to: need(rest[1], '<time>') } }
      throw new UsageError('clock get|advance|set')
    case 'webhooks':
      if (!rest[0] || rest[0] === 'list') return { name: 'list_webhooks', input: fieldsOf('list_webhooks', f) }
      if (rest[0] === 'resend') return { name: 'resend_webhook', input: { deliveryId: need(rest[1], '<delivery id>') } }
      if (rest[0] === 'chaos') return { name: 'webhook_chaos', input: { mode: need(rest[1], '<mode>'), ...(str('delay') ? { delay: str('delay') } : {}) } }
      throw new UsageError('webhooks list|resend|chaos')
    case 'force': {
      const code = need(rest[0], '<code|off>')
      return { name: 'force_next_error', input: { code, ...(str('path') && code.toLowerCase() !== 'off' ? { path: str('path') } : {}) } }
    }
    case 'seed': {
      if (f.get('reset') === true) return { name: 'reset_sandbox', input: {} }
      const file = need(rest[0], '<seed file>')
      let seed: unknown
      try {
        seed = JSON.parse(io.readFile(file))
      } catch (error) {
        throw new UsageError(`file:${file}:${error instanceof Error ? error.message : String(error)}`)
      }
      return { name: 'seed_sandbox', input: { seed } }
    }
    case 'reset':
      return { name: 'reset_sandbox', input: {} }
    case 'snapshot':
      return { name: 'take_snapshot', input: rest[0] ? { label: rest[0] } : {} }
    case 'snapshots':
      return { name: 'list_snapshots', input: {} }
    case 'restore':
      return { name: 'restore_snapshot', input: { snapshotId: need(rest[0], '<snapshot id>') } }
    case 'explain':
      return { name: 'explain_code', input: { code: need(rest[0], '<code>'), ...(str('code-id') ? { codeId: str('code-id') } : {}) } }
    case 'docs':
      if (rest[0] === 'search') return { name: 'search_docs', input: { query: need(rest.slice(1).join(' '), '<words>') } }
      if (rest[0] === 'read') return { name: 'read_doc', input: { path: need(rest[1], '<path>') } }
      if (rest[0] === 'list') return { name: 'list_docs', input: {} }
      throw new UsageError('docs search|read|list')
    case 'run':
      return { name: need(rest[0], '<command>'), input: fieldsOf(rest[0]!, f) }
    default:
      if (commandByName.has(verb)) return { name: verb, input: fieldsOf(verb, f) }
      throw new UsageError(`unknown:${verb}`)
  }
}

/** What a person reads for an answer (YAML); `--json` prints the data as JSON. */
const show = (data: unknown, json: boolean) => (json ? JSON.stringify(data, null, 2) : toYaml(data).trimEnd())

/** `paylab listen`: the forwarder — polls the deliveries waiting for it, posts each to the local URL, reports the answer. */
async function listen(conn: Connection, p: Parsed, io: CliIo, json: boolean) {
  const target = (typeof p.flags.get('forward-to') === 'string' ? (p.flags.get('forward-to') as string) : undefined) ?? p.positionals[1]
  if (!target || !/^https?:\/\//.test(target)) throw new UsageError('--forward-to <url>')
  const interval = Math.max(200, Number(p.flags.get('interval')) || 1000)
  const once = p.flags.get('once') === true
  const send = io.transport ?? httpWebhookTransport({ checkAddress: false })
  const ClaimSchema = v.object({ claimed: v.boolean() })
  const ListSchema = v.object({ signingSecret: v.string(), deliveries: v.array(v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })) })
  let announced = false
  let failed = false
  for (;;) {
    const answer = await signedCall(conn, io.fetch, 'GET', '/sandbox/api/webhooks?status=pending&limit=200')
    const list = answer.ok ? v.safeParse(ListSchema, answer.data) : undefined
    if (!answer.ok || !list?.success) {
      failed = true
      io.err(answer.ok ? t(conn.lang, cliText.pollFailed, { reason: 'unexpected answer' }) : explainFailure(conn.lang, answer.error))
    } else {
      if (!announced && !json)
        io.out(t(conn.lang, cliText.listening, { merchant: conn.merchantId ?? conn.apiKey, url: conn.url, target, secret: list.output.signingSecret }))
      announced = true
      for (const delivery of list.output.deliveries.filter((d) => d.forward).reverse()) {
        // several forwarders may poll one merchant (issue 22): each attempt is posted by the one that claims it
        const claim = await signedCall(conn, io.fetch, 'POST', `/sandbox/api/webhooks/${delivery.deliveryId}/claim`)
        if (!claim.ok || !v.is(ClaimSchema, claim.data) || !claim.data.claimed) continue
        const result = await send(target, delivery.request.headers, delivery.request.body)
        const report = { status: result.status, body: result.body, ...(result.error ? { error: result.error } : {}) }
        await signedCall(conn, io.fetch, 'POST', `/sandbox/api/webhooks/${delivery.deliveryId}/attempts`, report)
        if (json) io.out(JSON.stringify({ deliveryId: delivery.deliveryId, state: delivery.state, target, status: result.status, error: result.error }))
        else io.out(t(conn.lang, cliText.forwarded, { state: delivery.state, deliveryId: delivery.deliveryId, target, answer: result.status || result.error }))
      }
    }
    if (once || io.stopped?.()) return failed ? 1 : 0
    await (io.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(interval)
    if (io.stopped?.()) return 0
  }
}

/** `paylab logs tail --follow`: prints new entries as they come. */
async function follow(conn: Connection, p: Parsed, io: CliIo, json: boolean) {
  const seen = new Set<string>()
  for (;;) {
    const answer = await remoteCommand(conn, io.fetch, 'tail_logs', fieldsOf('tail_logs', p.flags, ['follow']))
    if (!answer.ok) return (io.err(explainFailure(conn.lang, answer.error)), 1)
    const entries = ((answer.data as { requests: { id: string }[] }).requests ?? []).filter((e) => !seen.has(e.id)).reverse()
    for (const entry of entries) {
      seen.add(entry.id)
      io.out(json ? JSON.stringify(entry) : show(entry, false) + '\n---')
    }
    if (io.stopped?.()) return 0
    await (io.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(1000)
    if (io.stopped?.()) return 0
  }
}

/** Parses the arguments, runs the subcommand, prints the answer; the exit code (0 done, 1 failed, 2 bad usage). */
export async function paylabCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  startMcp?: (backend: McpBackend) => Promise<void>,
): Promise<number> {
  const parsed = parseArgv(argv)
  const conn = connection(parsed.flags, env)
  const json = parsed.flags.get('json') === true
  const usage = () => t(conn.lang, cliText.usage, { events: triggerEvents.join(', ') })
  try {
    if (parsed.flags.get('help') === true) return (io.out(usage()), 0)
    const step = plan(parsed, io)
    if ('local' in step) {
      if (step.local === 'help') return (io.out(usage()), 0)
      if (step.local === 'commands') {
        const list = commandList()
        io.out(
          json
            ? JSON.stringify(list, null, 2)
            : list.map((c) => `${c.name}\n  ${c.description}\n  ${JSON.stringify(c.inputSchema.properties ?? {})}`).join('\n\n'),
        )
        return 0
      }
      if (step.local === 'listen') return await listen(conn, parsed, io, json)
      if (step.local === 'follow') return await follow(conn, parsed, io, json)
      if (!startMcp) throw new UsageError('mcp')
      await startMcp(remoteBackend(conn, io.fetch))
      return 0
    }
    if (!commandByName.has(step.name)) throw new UsageError(`unknown:${step.name}`)
    const outcome = await remoteCommand(conn, io.fetch, step.name, step.input)
    if (!outcome.ok) {
      if (json) io.out(JSON.stringify({ error: outcome.error }, null, 2))
      io.err(explainFailure(conn.lang, outcome.error))
      return 1
    }
    io.out(show(outcome.data, json))
    // `seed <file> --snapshot LABEL` (as `npm run sandbox:seed` always took): a snapshot of what was loaded
    const label = parsed.flags.get('snapshot')
    if (parsed.positionals[0] === 'seed' && typeof label === 'string') {
      const snapshot = await remoteCommand(conn, io.fetch, 'take_snapshot', { label })
      if (!snapshot.ok) return (io.err(explainFailure(conn.lang, snapshot.error)), 1)
      io.out(show(snapshot.data, json))
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      const m = error.message
      const text: [MessageDescriptor, Record<string, unknown>] = m.startsWith('unknown:')
        ? [cliText.unknownCommand, { name: m.slice('unknown:'.length) }]
        : m.startsWith('file:')
          ? [cliText.unreadable, { file: m.split(':')[1], reason: m.split(':').slice(2).join(':') }]
          : [cliText.missingArgument, { what: m }]
      io.err(t(conn.lang, ...text))
      return 2
    }
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
    io.err(t(conn.lang, cliText.unreachable, { url: conn.url, reason }))
    return 1
  }
}
