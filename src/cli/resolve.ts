import type { Lang } from '@/domain/i18n.ts'
import { checkValue, nearest, tokenize, UsageError, type Parsed } from './args.ts'
import { camel, enumOf, fieldFlags, globalFlags, groups, specByPath, specs, type CommandInfo, type FlagKind, type Spec } from './commands.ts'
import { cliText } from './text.ts'

/**
 * From argv to one checked command: which command (a CLI command, a group's subcommand, or a sandbox command by its
 * name), its arguments and its options, each option known and each value of the right kind — or a UsageError.
 */

export interface Resolved {
  spec: Spec
  /** The sandbox command whose fields are options (trigger's, run's named one …). */
  command?: CommandInfo
  args: string[]
  flags: Map<string, string | true>
  known: Record<string, FlagKind>
  /** How many positionals named the command (0: none, `paylab` or `paylab --help`). */
  depth: number
}

const globalBooleans = new Set(Object.entries(globalFlags).flatMap(([name, kind]) => (kind.type === 'boolean' ? [name] : [])))

/** `--lang` (or PAYLAB_LANG): ja or en, nothing else; Japanese by default. */
export function langOf(flags: Map<string, string | true>, env: Record<string, string | undefined>): Lang {
  const value = flags.get('lang') ?? (env.PAYLAB_LANG || undefined)
  if (value === undefined) return 'ja'
  if (value === true) throw new UsageError('USAGE_MISSING_VALUE', cliText.missingValue, { name: 'lang' })
  return checkValue(value, ['ja', 'en'], '--lang') as Lang
}

/** The sandbox command given as a command (`paylab create_qr_code`), as a spec of its own. */
const sandboxSpec = (info: CommandInfo): Spec => ({
  path: info.name,
  summary: { id: `cli.sandbox.${info.name}`, message: info.description },
  args: [],
  fieldsOf: info.name,
  examples: [`paylab ${info.name} --help`, `paylab run ${info.name} --json`],
})

/** Which command the positionals name, and how many of them that took. */
export function commandOf(positionals: string[], commands: CommandInfo[]): { spec: Spec; depth: number } {
  const [verb, sub] = positionals
  if (verb === undefined) return { spec: specByPath.get('help')!, depth: 0 }
  if (verb in groups) {
    const subs = specs.filter((s) => s.path.startsWith(`${verb} `)).map((s) => s.path.slice(verb.length + 1))
    if (sub !== undefined && subs.includes(sub)) return { spec: specByPath.get(`${verb} ${sub}`)!, depth: 2 }
    const fallback = groups[verb]
    if (sub === undefined && fallback) return { spec: specByPath.get(`${verb} ${fallback}`)!, depth: 1 }
    if (sub === undefined) throw new UsageError('USAGE_MISSING_ARGUMENT', cliText.missingArgument, { what: `${verb} ${subs.join('|')}` })
    // `logs` and `clock`, `webhooks` with a default take no other argument: anything else is a misspelt subcommand
    const near = nearest(sub, subs)
    throw new UsageError('USAGE_UNKNOWN_COMMAND', cliText.unknownCommand, { name: `${verb} ${sub}` }, near && `paylab ${verb} ${near}`)
  }
  const spec = specByPath.get(verb)
  if (spec) return { spec, depth: 1 }
  const info = commands.find((c) => c.name === verb)
  if (info) return { spec: sandboxSpec(info), depth: 1 }
  const topLevel = [...new Set([...specs.map((s) => s.path.split(' ')[0]!), ...commands.map((c) => c.name)])]
  const near = nearest(verb, topLevel)
  throw new UsageError('USAGE_UNKNOWN_COMMAND', cliText.unknownCommand, { name: verb }, near && `paylab ${near}`)
}

/** Every option a command takes: the global ones, its own, and its sandbox command's fields. */
export function flagsOf(spec: Spec, command: CommandInfo | undefined): Record<string, FlagKind> {
  const positional = spec.args.map((a) => (typeof a.values === 'object' && 'field' in a.values ? a.values.field : '')).filter(Boolean)
  const overridable: Record<string, FlagKind> = command ? { override: { type: 'string', about: 'field=value' } } : {}
  return { ...fieldFlags(command, positional), ...spec.flags, ...overridable, ...globalFlags }
}

/** The allowed values of an argument, from the spec or the sandbox command's enum. */
export function argValues(spec: Spec, index: number, commands: CommandInfo[]): readonly string[] | undefined {
  const values = spec.args[index]?.values
  if (!values) return undefined
  return 'command' in values ? enumOf(commands, values.command, values.field) : values
}

const kebabOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** Checks one option's value against its kind (numbers, booleans, listed values; every non-boolean needs one). */
function checkFlag(name: string, value: string | true, kind: FlagKind) {
  if (kind.type === 'boolean') {
    if (value === true || value === 'true' || value === 'false') return
    throw new UsageError('USAGE_UNKNOWN_VALUE', cliText.unknownValue, { value, what: `--${name}`, values: 'true, false' })
  }
  if (value === true) throw new UsageError('USAGE_MISSING_VALUE', cliText.missingValue, { name })
  if (kind.type === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) throw new UsageError('USAGE_NOT_A_NUMBER', cliText.notANumber, { name, value })
  if (kind.values) checkValue(value, kind.values, `--${name}`)
}

/** Parses and checks the whole command line. */
export function resolveArgv(argv: string[], commands: CommandInfo[]): Resolved {
  // a first reading finds the command; the second knows its boolean options (which take no value)
  const first = tokenize(argv, globalBooleans)
  const { spec, depth } = commandOf(first.positionals, commands)
  const named = spec.path === 'run' ? first.positionals[1] : undefined
  let command = spec.fieldsOf ? commands.find((c) => c.name === spec.fieldsOf) : undefined
  if (named !== undefined) {
    command = commands.find((c) => c.name === named)
    if (!command) {
      const near = nearest(
        named,
        commands.map((c) => c.name),
      )
      throw new UsageError('USAGE_UNKNOWN_COMMAND', cliText.unknownCommand, { name: named }, near && `paylab run ${near}`)
    }
  }
  const known = flagsOf(spec, command)
  const booleans = new Set(Object.entries(known).flatMap(([name, kind]) => (kind.type === 'boolean' ? [name] : [])))
  const parsed: Parsed = tokenize(argv, booleans)
  const help = parsed.flags.get('help') === true
  for (const [name, value] of parsed.flags) {
    const kind = known[name]
    if (!kind) {
      const near = nearest(name, Object.keys(known))
      throw new UsageError('USAGE_UNKNOWN_FLAG', cliText.unknownFlag, { name, command: spec.path }, near && `--${near}`)
    }
    if (!help) checkFlag(name, value, kind)
  }
  // `--override field=value`: a field of the sandbox command (camelCase or kebab-case), checked as its option is
  const fields = fieldFlags(command)
  for (const override of parsed.overrides) {
    const eq = override.indexOf('=')
    const field = kebabOf(eq > 0 ? override.slice(0, eq) : override)
    if (!fields[field]) {
      const near = nearest(field, Object.keys(fields))
      throw new UsageError(
        'USAGE_UNKNOWN_FIELD',
        cliText.unknownField,
        { name: override.slice(0, eq > 0 ? eq : undefined), command: spec.path },
        near && camel(near),
      )
    }
    if (eq < 0) throw new UsageError('USAGE_MISSING_VALUE', cliText.missingValue, { name: `override ${override}` })
    if (!help) checkFlag(field, override.slice(eq + 1), fields[field])
    parsed.flags.set(field, override.slice(eq + 1))
  }
  const args = parsed.positionals.slice(depth + (named !== undefined ? 1 : 0))
  // `run <command>`: the named command was its argument
  const expected = named !== undefined ? [] : spec.args
  if (!help && spec.path !== 'help') {
    const rest = expected.some((a) => a.rest)
    if (!rest && args.length > expected.length)
      throw new UsageError('USAGE_EXTRA_ARGUMENT', cliText.extraArgument, { value: args[expected.length], command: spec.path })
    expected.forEach((arg, i) => {
      if (args[i] === undefined) {
        if (!arg.optional) throw new UsageError('USAGE_MISSING_ARGUMENT', cliText.missingArgument, { what: `<${arg.name}>` })
        return
      }
      const values = argValues(spec, i, commands)
      if (values) checkValue(args[i]!, values, `<${arg.name}>`)
    })
  }
  return { spec, command, args, flags: parsed.flags, known, depth }
}
