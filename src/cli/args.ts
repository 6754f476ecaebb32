import type { MessageDescriptor } from '@lingui/core'
import { cliText } from './text.ts'

/**
 * Strict arguments (issue 31): `--name value`, `--name=value`, boolean flags alone, `-h`/`-V`, `--` ends the options.
 * What reads them (run.ts) refuses an unknown command, option or value with a UsageError — exit 2, nothing sent — and
 * suggests the nearest known name ("did you mean").
 */

export interface Parsed {
  positionals: string[]
  flags: Map<string, string | true>
  /** Each `--override field=value` (repeatable, as the Stripe CLI's). */
  overrides: string[]
}

/** A refused command line: its text (in the chosen language), a code for `--json`, and the nearest known name. */
export class UsageError extends Error {
  constructor(
    readonly code: string,
    readonly text: MessageDescriptor,
    readonly values: Record<string, unknown> = {},
    readonly suggestion?: string,
  ) {
    super(text.message ?? code)
  }
}

/** Splits argv; `booleans` are the options that need no value (any other takes the next argument). */
export function tokenize(argv: string[], booleans: ReadonlySet<string>): Parsed {
  const positionals: string[] = []
  const flags = new Map<string, string | true>()
  const overrides: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (arg === '-h') flags.set('help', true)
    else if (arg === '-V') flags.set('version', true)
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2)
      if (name === 'override' && (eq > 0 || i + 1 < argv.length)) overrides.push(eq > 0 ? arg.slice(eq + 1) : argv[++i]!)
      else if (eq > 0) flags.set(name, arg.slice(eq + 1))
      // a boolean option stands alone, or takes an explicit true/false (`--is-authorization true`)
      else if (booleans.has(name) && (argv[i + 1] === 'true' || argv[i + 1] === 'false')) flags.set(name, argv[++i]!)
      else if (booleans.has(name) || i + 1 >= argv.length || (argv[i + 1]!.startsWith('--') && argv[i + 1] !== '--')) flags.set(name, true)
      else flags.set(name, argv[++i]!)
    } else if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) {
      flags.set(arg.slice(1), true)
    } else positionals.push(arg)
  }
  return { positionals, flags, overrides }
}

/** Levenshtein distance (insertions, deletions, substitutions), a swap of two neighbours counting as one edit (`chaso`). */
export function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
    }
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/** The known name nearest to `input`, when it is near enough to be a slip (a third of the name, at least one edit, never all of it). */
export function nearest(input: string, known: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  for (const name of known) {
    const d = distance(input.toLowerCase(), name.toLowerCase())
    if (d < bestDistance) [best, bestDistance] = [name, d]
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) && bestDistance < input.length ? best : undefined
}

/** The refusal of a value outside `values` (`--lang de`, `trigger payment.complete`). */
export function checkValue(value: string, values: readonly string[], what: string) {
  if (values.includes(value)) return value
  throw new UsageError('USAGE_UNKNOWN_VALUE', cliText.unknownValue, { value, what, values: values.join(', ') }, nearest(value, values))
}
