import type { MessageDescriptor } from '@lingui/core'

/**
 * What the command line knows without asking the server: the sandbox commands (name, description, JSON Schema of the
 * input — the server's catalogue, baked into dist/cli/paylab.js by scripts/build-cli.ts as `GET /sandbox/api/commands`
 * answers it) and the CLI's own commands below, each with its arguments, options and examples (`paylab <command> --help`).
 */

export interface CommandInfo {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

declare const PAYLAB_COMMANDS: CommandInfo[] | undefined
declare const PAYLAB_VERSION: string | undefined

/** The sandbox commands the build baked in (none when run from source: tests pass theirs). */
export const builtCommands = (): CommandInfo[] => (typeof PAYLAB_COMMANDS === 'undefined' ? [] : PAYLAB_COMMANDS)
/** package.json's version, inlined by the build. */
export const cliVersion = typeof PAYLAB_VERSION === 'undefined' ? 'dev' : PAYLAB_VERSION

export interface FlagKind {
  type: 'string' | 'number' | 'boolean' | 'json'
  values?: readonly string[]
  about?: string
}

export interface ArgSpec {
  name: string
  /** The accepted values: a list, or the enum of a sandbox command's field (`command.field`). */
  values?: readonly string[] | { command: string; field: string }
  optional?: boolean
  /** Takes every remaining argument (joined by spaces). */
  rest?: boolean
}

export interface Spec {
  /** `trigger`, `webhooks chaos` … */
  path: string
  summary: MessageDescriptor
  args: ArgSpec[]
  flags?: Record<string, FlagKind>
  /** The sandbox command whose input fields are options too (`--merchant-payment-id` …), the positional ones apart. */
  fieldsOf?: string
  examples: string[]
}

const s = (type: FlagKind['type'], about?: string, values?: readonly string[]): FlagKind => ({
  type,
  ...(about ? { about } : {}),
  ...(values ? { values } : {}),
})

export const payOutcomes = ['success', 'refused', 'cancel', 'insufficient_balance', 'user_cancel'] as const

/** The CLI's commands; a sandbox command's name is a command too (`paylab create_qr_code --amount 300`). */
export const specs: Spec[] = [
  {
    path: 'trigger',
    summary: /*i18n*/ { id: 'cli.cmd.trigger', message: 'Cause a payment event end to end: a QR code, paid by a test user, moved to the state of the event.' },
    args: [{ name: 'event', values: { command: 'trigger', field: 'event' } }],
    fieldsOf: 'trigger',
    examples: ['paylab trigger payment.completed', 'paylab trigger payment.authorized --amount 700 --user hanako --json'],
  },
  {
    path: 'listen',
    summary: /*i18n*/ { id: 'cli.cmd.listen', message: 'Forward webhooks to a server on this machine, printing each answer (Ctrl-C stops).' },
    args: [{ name: 'url', optional: true }],
    flags: { 'forward-to': s('string', 'http://localhost:8080/hook'), once: s('boolean'), interval: s('number', 'ms, ≥ 200') },
    examples: ['paylab listen --forward-to http://localhost:8080/hook', 'paylab listen localhost:8080/hook --once'],
  },
  {
    path: 'logs tail',
    summary: /*i18n*/ { id: 'cli.cmd.logs', message: "Your sandbox's request log, newest first; --follow prints new entries as they come." },
    args: [],
    fieldsOf: 'tail_logs',
    flags: { follow: s('boolean') },
    examples: ['paylab logs tail --status 401', 'paylab logs tail --path /v2/codes --follow'],
  },
  {
    path: 'pay',
    summary: /*i18n*/ { id: 'cli.cmd.pay', message: 'Pay a QR code as a test user, refuse it for want of balance, or cancel it.' },
    args: [{ name: 'code url' }],
    flags: { user: s('string', 'taro, hanako …'), outcome: s('string', undefined, payOutcomes) },
    examples: ['paylab pay https://…/sandbox/cashier/<codeId> --user taro', 'paylab pay <codeId> --outcome refused'],
  },
  {
    path: 'clock get',
    summary: /*i18n*/ { id: 'cli.cmd.clock', message: "Your sandbox's clock." },
    args: [],
    examples: ['paylab clock', 'paylab clock get --json'],
  },
  {
    path: 'clock advance',
    summary: /*i18n*/ { id: 'cli.cmd.clockAdvance', message: "Move your sandbox's clock forward: expiries, auto-cancels and retries come due." },
    args: [{ name: 'duration' }],
    examples: ['paylab clock advance 10m', 'paylab clock advance 1d'],
  },
  {
    path: 'clock set',
    summary: /*i18n*/ { id: 'cli.cmd.clockSet', message: "Set your sandbox's clock to a later instant, or back to real time with now." },
    args: [{ name: 'time' }],
    examples: ['paylab clock set 2030-01-01T09:00:00+09:00', 'paylab clock set now'],
  },
  {
    path: 'webhooks list',
    summary: /*i18n*/ { id: 'cli.cmd.webhooks', message: 'Your webhook deliveries, newest first, with each attempt and its answer.' },
    args: [],
    fieldsOf: 'list_webhooks',
    examples: ['paylab webhooks', 'paylab webhooks list --json'],
  },
  {
    path: 'webhooks resend',
    summary: /*i18n*/ { id: 'cli.cmd.webhooksResend', message: 'Send a webhook delivery again (same id, fresh signature).' },
    args: [{ name: 'delivery id' }],
    examples: ['paylab webhooks resend wh_0123456789abcdef'],
  },
  {
    path: 'webhooks chaos',
    summary: /*i18n*/ { id: 'cli.cmd.webhooksChaos', message: 'Misbehave on the next webhook: twice, out of order or late (off cancels).' },
    args: [{ name: 'mode', values: { command: 'webhook_chaos', field: 'mode' } }],
    flags: { delay: s('string', '5m') },
    examples: ['paylab webhooks chaos duplicate', 'paylab webhooks chaos delay --delay 5m', 'paylab webhooks chaos off'],
  },
  {
    path: 'force',
    summary: /*i18n*/ { id: 'cli.cmd.force', message: 'Your next signed call answers this published error (off cancels).' },
    args: [{ name: 'code|off' }],
    flags: { path: s('string', '/v2/codes') },
    examples: ['paylab force RATE_LIMIT', 'paylab force DYNAMIC_QR_ALREADY_PAID --path /v2/codes', 'paylab force off'],
  },
  {
    path: 'seed',
    summary: /*i18n*/ { id: 'cli.cmd.seed', message: 'Load a seed file into your sandbox (--reset empties it instead).' },
    args: [{ name: 'seed file', optional: true }],
    flags: { snapshot: s('string', 'LABEL'), reset: s('boolean') },
    examples: ['paylab seed docs/sandbox-seed.example.json --snapshot seeded', 'paylab seed --reset'],
  },
  {
    path: 'reset',
    summary: /*i18n*/ { id: 'cli.cmd.reset', message: 'Empty your sandbox.' },
    args: [],
    examples: ['paylab reset'],
  },
  {
    path: 'snapshot',
    summary: /*i18n*/ { id: 'cli.cmd.snapshot', message: 'Save your sandbox as a snapshot.' },
    args: [{ name: 'label', optional: true }],
    examples: ['paylab snapshot before-refunds'],
  },
  {
    path: 'snapshots',
    summary: /*i18n*/ { id: 'cli.cmd.snapshots', message: 'List your snapshots.' },
    args: [],
    examples: ['paylab snapshots --json'],
  },
  {
    path: 'restore',
    summary: /*i18n*/ { id: 'cli.cmd.restore', message: 'Put your sandbox back as a snapshot saved it (paylab snapshots lists them).' },
    args: [{ name: 'snapshot id' }],
    examples: ['paylab restore snap_0123456789abcdef'],
  },
  {
    path: 'explain',
    summary: /*i18n*/ { id: 'cli.cmd.explain', message: 'What a resultInfo code means and how to fix it; exits 1 for a code nobody publishes.' },
    args: [{ name: 'code' }],
    flags: { 'code-id': s('string', '08100016') },
    examples: ['paylab explain NO_SUFFICIENT_FUND', 'paylab explain RATE_LIMIT --lang en --json'],
  },
  {
    path: 'docs search',
    summary: /*i18n*/ { id: 'cli.cmd.docsSearch', message: "Search PayLab's documentation." },
    args: [{ name: 'words', rest: true }],
    examples: ['paylab docs search webhook signature'],
  },
  {
    path: 'docs read',
    summary: /*i18n*/ { id: 'cli.cmd.docsRead', message: 'Read a documentation page (a path from docs search or docs list).' },
    args: [{ name: 'path' }],
    examples: ['paylab docs list', 'paylab docs read <path from docs list>'],
  },
  {
    path: 'docs list',
    summary: /*i18n*/ { id: 'cli.cmd.docsList', message: 'The documentation pages.' },
    args: [],
    examples: ['paylab docs list --json'],
  },
  {
    path: 'run',
    summary: /*i18n*/ { id: 'cli.cmd.run', message: 'Any sandbox command, its fields as options (paylab commands lists them).' },
    args: [{ name: 'command' }],
    examples: ['paylab run create_qr_code --amount 300', 'paylab run get_payment --merchant-payment-id <id> --json'],
  },
  {
    path: 'commands',
    summary: /*i18n*/ { id: 'cli.cmd.commands', message: 'The sandbox commands with their fields.' },
    args: [],
    examples: ['paylab commands --json'],
  },
  {
    path: 'mcp',
    summary: /*i18n*/ { id: 'cli.cmd.mcp', message: 'An MCP server over stdio for coding agents.' },
    args: [],
    examples: ['paylab mcp'],
  },
  {
    path: 'completion',
    summary: /*i18n*/ { id: 'cli.cmd.completion', message: 'A completion script for bash or zsh: source <(paylab completion bash).' },
    args: [{ name: 'shell', values: ['bash', 'zsh'] }],
    examples: ['source <(paylab completion bash)', 'source <(paylab completion zsh)'],
  },
  {
    path: 'help',
    summary: /*i18n*/ { id: 'cli.cmd.help', message: 'This list, or one command in detail.' },
    args: [{ name: 'command', optional: true, rest: true }],
    examples: ['paylab help', 'paylab help webhooks chaos'],
  },
]

/** Commands with subcommands, and the one a bare group runs (`paylab clock` = `paylab clock get`). */
export const groups: Record<string, string | undefined> = { clock: 'get', webhooks: 'list', docs: undefined, logs: 'tail' }

export const specByPath = new Map(specs.map((spec) => [spec.path, spec]))

/** The options every command takes; the value of each non-boolean one is checked in run.ts. */
export const globalFlags: Record<string, FlagKind> = {
  json: s('boolean'),
  help: s('boolean'),
  version: s('boolean'),
  lang: s('string', undefined, ['ja', 'en']),
  url: s('string'),
  sandbox: s('string'),
  key: s('string'),
  secret: s('string'),
  merchant: s('string'),
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
export const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

interface PropertySchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: PropertySchema[]
  description?: string
}

/** The options a sandbox command's input makes (`merchantPaymentId` → `--merchant-payment-id`), typed by its schema. */
export function fieldFlags(info: CommandInfo | undefined, positional: string[] = []): Record<string, FlagKind> {
  const properties = (info?.inputSchema.properties ?? {}) as Record<string, PropertySchema>
  const flags: Record<string, FlagKind> = {}
  for (const [name, schema] of Object.entries(properties)) {
    if (positional.includes(name)) continue
    const alternatives = [schema, ...(schema.anyOf ?? [])]
    const types = alternatives.flatMap((a) => [a.type ?? []].flat())
    const values = alternatives.flatMap((a) => a.enum ?? []).filter((e): e is string => typeof e === 'string')
    const type: FlagKind['type'] =
      types.includes('string') || values.length
        ? 'string'
        : types.includes('number') || types.includes('integer')
          ? 'number'
          : types.includes('boolean')
            ? 'boolean'
            : 'json'
    flags[kebab(name)] = s(type, schema.description, values.length ? values : undefined)
  }
  return flags
}

/** The values of an enum field of a sandbox command (the events of `trigger`, the modes of `webhook_chaos`). */
export function enumOf(commands: CommandInfo[], command: string, field: string): readonly string[] | undefined {
  const info = commands.find((c) => c.name === command)
  return fieldFlags(info)[kebab(field)]?.values
}
