import { enumOf, groups, specs, type CommandInfo } from './commands.ts'
import { flagsOf } from './resolve.ts'

/**
 * `paylab completion bash|zsh` (issue 31): a script for the shell's completion, written from the same lists the
 * arguments are checked against — the commands, each group's subcommands, each command's options and listed values.
 *
 *     source <(paylab completion bash)      # ~/.bashrc
 *     source <(paylab completion zsh)       # ~/.zshrc (bashcompinit)
 */

const quote = (words: Iterable<string>) => [...words].join(' ').replace(/'/g, '')

/** For each command (`trigger`, `webhooks chaos` …): its options, and the values of its first argument when listed. */
function table(commands: CommandInfo[]) {
  const rows: { path: string; words: string[] }[] = []
  for (const spec of specs) {
    const command = spec.fieldsOf ? commands.find((c) => c.name === spec.fieldsOf) : undefined
    const options = Object.keys(flagsOf(spec, command)).map((name) => `--${name}`)
    const first = spec.args[0]?.values
    const values = !first ? [] : 'command' in first ? (enumOf(commands, first.command, first.field) ?? []) : first
    rows.push({ path: spec.path, words: [...values, ...options] })
  }
  for (const c of commands)
    rows.push({ path: c.name, words: Object.keys(flagsOf({ path: c.name, summary: { id: '' }, args: [], examples: [] }, c)).map((n) => `--${n}`) })
  return rows
}

/** The bash script (zsh runs it through bashcompinit). */
export function completionScript(shell: 'bash' | 'zsh', commands: CommandInfo[]) {
  const top = new Set([...specs.map((s) => s.path.split(' ')[0]!), ...commands.map((c) => c.name)])
  const cases = table(commands).map(({ path, words }) => `    '${path}') words='${quote(words)}' ;;`)
  const groupCases = Object.keys(groups).map((group) => {
    const subs = specs.filter((s) => s.path.startsWith(`${group} `)).map((s) => s.path.slice(group.length + 1))
    return `    ${group}) words='${quote(subs)}' ;;`
  })
  const lines = [
    '# paylab completion (paylab completion bash|zsh)',
    ...(shell === 'zsh' ? ['autoload -U +X bashcompinit && bashcompinit'] : []),
    '_paylab() {',
    '  local cur=${COMP_WORDS[COMP_CWORD]} words="" path="${COMP_WORDS[1]}"',
    `  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W '${quote(top)} --help --version' -- "$cur")); return; fi`,
    '  case "$path" in',
    `    ${Object.keys(groups).join('|')}) if [ "$COMP_CWORD" -eq 2 ]; then case "$path" in`,
    ...groupCases.map((line) => `    ${line}`),
    '        esac; COMPREPLY=($(compgen -W "$words" -- "$cur")); return; fi; path="$path ${COMP_WORDS[2]}" ;;',
    '  esac',
    '  case "$path" in',
    ...cases,
    '  esac',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    '}',
    'complete -F _paylab paylab',
  ]
  return lines.join('\n')
}
