import type { Lang } from '@/domain/i18n.ts'
import { UsageError } from './args.ts'
import { builtCommands, camel, cliVersion, type CommandInfo, type FlagKind } from './commands.ts'
import { completionScript } from './completion.ts'
import { commandHelp, mainHelp } from './help.ts'
import { fetchTransport, remoteCommand, type CallOutcome, type Connection, type Fetch, type Transport } from './http.ts'
import { t } from './i18n.ts'
import { follow, forwardTarget, listen } from './listen.ts'
import { explainFailure, jsonError, show } from './report.ts'
import { commandOf, langOf, resolveArgv, type Resolved } from './resolve.ts'
import { cliText } from './text.ts'

/**
 * `paylab` (issues 23 and 31; src/cli/main.ts binds it to the process, `npx paylab …`): the sandbox's commands from a
 * shell, a CI job or a coding agent. Every subcommand is one sandbox command called over signed HTTP
 * (`POST /sandbox/api/commands/<name>`, OPA-Auth with the merchant's sandbox key); the command line itself only reads
 * and checks arguments (resolve.ts), forwards webhooks (`listen`) and starts an MCP server over stdio (`mcp`).
 * Exit codes: 0 done, 1 the call failed (or `explain` knows no such code), 2 bad usage — nothing was sent.
 */

export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
  readFile: (path: string) => string
  fetch: Fetch
  /** Waits between polls (`listen`, `logs tail --follow`); tests pass one that resolves at once. */
  sleep?: (ms: number) => Promise<void>
  /** Posts a delivery to the local receiver (`listen`). */
  transport?: Transport
  /** Stops `listen` / `--follow` (a signal); polled between rounds. */
  stopped?: () => boolean
  /** The sandbox commands (default: those the build baked in). */
  commands?: CommandInfo[]
}

/** What `paylab mcp` serves: the commands of a running PayLab over signed calls. */
export interface RemoteBackend {
  lang: Lang
  tools(): Promise<CommandInfo[]>
  call(name: string, input: unknown): Promise<CallOutcome>
  openApi(): Promise<unknown>
}

/** Where PayLab is and whose sandbox key signs: all three of key, secret and merchant, or none (the public demo merchant). */
export function connection(flags: Map<string, string | true>, env: Record<string, string | undefined>, lang: Lang): Connection {
  const str = (flag: string, variable: string) => {
    const value = flags.get(flag)
    return (typeof value === 'string' ? value : undefined) || env[variable] || undefined
  }
  const key = str('key', 'PAYLAB_API_KEY')
  const secret = str('secret', 'PAYLAB_API_SECRET')
  const merchant = str('merchant', 'PAYLAB_MERCHANT_ID')
  if (!key && (secret || merchant)) throw new UsageError('USAGE_MISSING_KEY', cliText.missingKey)
  if (key && !secret) throw new UsageError('USAGE_MISSING_SECRET', cliText.missingSecret, { key })
  if (key && !merchant) throw new UsageError('USAGE_MISSING_MERCHANT', cliText.missingMerchant, { key })
  const url = (str('url', 'PAYLAB_BASE_URL') ?? str('sandbox', 'PAYLAB_BASE_URL') ?? 'http://127.0.0.1:3000').replace(/\/+$/, '')
  return { lang, url, apiKey: key ?? demo.apiKey, apiSecret: secret ?? demo.apiSecret, merchantId: merchant ?? demo.id }
}

/** The public demo merchant of every PayLab sandbox (src/server/modules/sandbox/engine/seed.ts; published in the README). */
const demo = { id: '100000000000000001', apiKey: 'a_PayLabDemo_0001', apiSecret: 'cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==' }

/** The options of the sandbox command's fields as its input, typed by its schema. */
function fieldsOf(r: Resolved): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  const own = r.command ? new Set(Object.keys(r.known).filter((name) => !(r.spec.flags && name in r.spec.flags))) : new Set<string>()
  for (const [flag, value] of r.flags) {
    const kind: FlagKind | undefined = r.known[flag]
    if (!own.has(flag) || !kind || ['json', 'help', 'version', 'lang', 'url', 'sandbox', 'key', 'secret', 'merchant'].includes(flag)) continue
    if (kind.type === 'boolean') fields[camel(flag)] = value === true || value === 'true'
    else if (kind.type === 'number') fields[camel(flag)] = Number(value)
    else if (kind.type === 'json' && typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        fields[camel(flag)] = JSON.parse(value)
      } catch {
        fields[camel(flag)] = value
      }
    } else fields[camel(flag)] = value
  }
  return fields
}

const payOutcome = (value: string | undefined) =>
  ({ refused: 'insufficient_balance', insufficient_balance: 'insufficient_balance', cancel: 'user_cancel', user_cancel: 'user_cancel' })[value ?? ''] ??
  'success'

type Step = { name: string; input: Record<string, unknown> } | { local: 'commands' | 'listen' | 'mcp' | 'follow' }

/** The checked command line as one sandbox command and its input (or a local action). */
function plan(r: Resolved, io: CliIo): Step {
  const [first, ...more] = r.args
  const str = (name: string) => (typeof r.flags.get(name) === 'string' ? (r.flags.get(name) as string) : undefined)
  switch (r.spec.path) {
    case 'commands':
    case 'listen':
    case 'mcp':
      return { local: r.spec.path }
    case 'trigger':
      return { name: 'trigger', input: { ...fieldsOf(r), event: first } }
    case 'pay':
      return { name: 'pay_code', input: { code: first, ...(str('user') ? { user: str('user') } : {}), outcome: payOutcome(str('outcome')) } }
    case 'logs tail':
      return r.flags.get('follow') === true ? { local: 'follow' } : { name: 'tail_logs', input: fieldsOf(r) }
    case 'clock get':
      return { name: 'get_clock', input: {} }
    case 'clock advance':
      return { name: 'advance_clock', input: { by: first } }
    case 'clock set':
      return { name: 'set_clock', input: { to: first } }
    case 'webhooks list':
      return { name: 'list_webhooks', input: fieldsOf(r) }
    case 'webhooks resend':
      return { name: 'resend_webhook', input: { deliveryId: first } }
    case 'webhooks chaos':
      return { name: 'webhook_chaos', input: { mode: first, ...(str('delay') ? { delay: str('delay') } : {}) } }
    case 'force':
      return { name: 'force_next_error', input: { code: first, ...(str('path') && first!.toLowerCase() !== 'off' ? { path: str('path') } : {}) } }
    case 'seed': {
      if (r.flags.get('reset') === true) return { name: 'reset_sandbox', input: {} }
      if (!first) throw new UsageError('USAGE_MISSING_ARGUMENT', cliText.missingArgument, { what: '<seed file>' })
      let seed: unknown
      try {
        seed = JSON.parse(io.readFile(first))
      } catch (error) {
        throw new UsageError('USAGE_UNREADABLE_FILE', cliText.unreadable, { file: first, reason: error instanceof Error ? error.message : String(error) })
      }
      return { name: 'seed_sandbox', input: { seed } }
    }
    case 'reset':
      return { name: 'reset_sandbox', input: {} }
    case 'snapshot':
      return { name: 'take_snapshot', input: first ? { label: first } : {} }
    case 'snapshots':
      return { name: 'list_snapshots', input: {} }
    case 'restore':
      return { name: 'restore_snapshot', input: { snapshotId: first } }
    case 'explain':
      return { name: 'explain_code', input: { code: first, ...(str('code-id') ? { codeId: str('code-id') } : {}) } }
    case 'docs search':
      return { name: 'search_docs', input: { query: [first, ...more].join(' ') } }
    case 'docs read':
      return { name: 'read_doc', input: { path: first } }
    case 'docs list':
      return { name: 'list_docs', input: {} }
    default:
      // `run <command>` and a sandbox command by its name
      return { name: r.command!.name, input: fieldsOf(r) }
  }
}

/** Parses and checks the arguments, runs the command, prints the answer; the exit code (0 done, 1 failed, 2 bad usage). */
export async function paylabCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  startMcp?: (backend: RemoteBackend) => Promise<void>,
): Promise<number> {
  const commands = io.commands ?? builtCommands()
  const json = argv.includes('--json')
  // the language of a refusal met before the options are checked (`--lang de` itself is refused below)
  const langAt = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='))
  const asked = langAt < 0 ? env.PAYLAB_LANG : argv[langAt]!.includes('=') ? argv[langAt]!.slice(7) : argv[langAt + 1]
  let lang: Lang = asked === 'en' ? 'en' : 'ja'
  let url = env.PAYLAB_BASE_URL ?? 'http://127.0.0.1:3000'
  try {
    const r = resolveArgv(argv, commands)
    lang = langOf(r.flags, env)
    if (r.flags.get('version') === true) return (io.out(json ? JSON.stringify({ version: cliVersion }) : `paylab ${cliVersion}`), 0)
    if (r.depth === 0 || (r.spec.path === 'help' && r.args.length === 0 && r.flags.get('help') !== true)) return (io.out(mainHelp(lang)), 0)
    if (r.spec.path === 'help' && r.args.length > 0) {
      const { spec, depth } = commandOf(r.args, commands)
      const named = spec.path === 'run' ? commands.find((c) => c.name === r.args[depth]) : undefined
      return (io.out(commandHelp(lang, spec, named ?? commands.find((c) => c.name === spec.fieldsOf), commands)), 0)
    }
    if (r.flags.get('help') === true) return (io.out(commandHelp(lang, r.spec, r.command, commands)), 0)
    if (r.spec.path === 'completion') return (io.out(completionScript(r.args[0] === 'zsh' ? 'zsh' : 'bash', commands)), 0)
    const step = plan(r, io)
    if ('local' in step && step.local === 'commands') {
      io.out(
        json
          ? JSON.stringify(commands, null, 2)
          : commands.map((c) => `${c.name}\n  ${c.description}\n  ${JSON.stringify(c.inputSchema.properties ?? {})}`).join('\n\n'),
      )
      return 0
    }
    let target: string | undefined
    if ('local' in step && step.local === 'listen') {
      const given = (typeof r.flags.get('forward-to') === 'string' ? (r.flags.get('forward-to') as string) : undefined) ?? r.args[0]
      target = given === undefined ? undefined : forwardTarget(given)
      if (!target) throw new UsageError('USAGE_MISSING_ARGUMENT', cliText.missingArgument, { what: '--forward-to <url>' })
    }
    // credentials are checked before anything is sent
    const conn = connection(r.flags, env, lang)
    url = conn.url
    const loop = { ...io, transport: io.transport ?? fetchTransport(io.fetch) }
    if ('local' in step) {
      if (step.local === 'listen')
        return await listen(conn, loop, {
          target: target!,
          interval: Math.max(200, Number(r.flags.get('interval')) || 1000),
          once: r.flags.get('once') === true,
          json,
        })
      if (step.local === 'follow') return await follow(conn, loop, fieldsOf(r), json)
      if (!startMcp) throw new UsageError('USAGE_UNKNOWN_COMMAND', cliText.unknownCommand, { name: 'mcp' })
      await startMcp({
        lang,
        tools: async () => commands,
        call: (name, input) => remoteCommand(conn, io.fetch, name, input),
        openApi: async () => (await io.fetch(`${conn.url}/openapi.json`, { method: 'GET' })).json(),
      })
      return 0
    }
    const outcome = await remoteCommand(conn, io.fetch, step.name, step.input)
    if (!outcome.ok) {
      if (json) io.out(jsonError(outcome.error))
      io.err(explainFailure(lang, outcome.error))
      return 1
    }
    // `explain` of a code nobody publishes: its near codes are printed, and it is a failure (exit 1)
    if (step.name === 'explain_code' && (outcome.data as { found?: boolean } | null)?.found === false) {
      const message = t(lang, cliText.unknownCode, { code: String(step.input.code) })
      if (json) io.out(jsonError({ code: 'UNKNOWN_CODE', message, near: (outcome.data as { near?: unknown }).near ?? [] }))
      else io.out(await show(outcome.data, false))
      io.err(message)
      return 1
    }
    io.out(await show(outcome.data, json))
    // `seed <file> --snapshot LABEL` (as `npm run sandbox:seed` always took): a snapshot of what was loaded
    const label = r.flags.get('snapshot')
    if (r.spec.path === 'seed' && typeof label === 'string') {
      const snapshot = await remoteCommand(conn, io.fetch, 'take_snapshot', { label })
      if (!snapshot.ok) {
        if (json) io.out(jsonError(snapshot.error))
        return (io.err(explainFailure(lang, snapshot.error)), 1)
      }
      io.out(await show(snapshot.data, json))
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      const lines = [t(lang, error.text, error.values), ...(error.suggestion ? [t(lang, cliText.didYouMean, { suggestion: error.suggestion })] : [])]
      if (json) io.out(jsonError({ code: error.code, message: lines.join(' '), ...(error.suggestion ? { suggestion: error.suggestion } : {}) }))
      io.err(lines.join('\n'))
      return 2
    }
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
    const message = t(lang, cliText.unreachable, { url, reason })
    if (json) io.out(jsonError({ code: 'UNREACHABLE', message }))
    io.err(message)
    return 1
  }
}
