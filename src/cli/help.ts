import type { MessageDescriptor } from '@lingui/core'
import type { Lang } from '@/domain/i18n.ts'
import { cliVersion, specs, type CommandInfo, type Spec } from './commands.ts'
import { t } from './i18n.ts'
import { argValues, flagsOf } from './resolve.ts'
import { cliText } from './text.ts'

/** `paylab --help` and `paylab <command> --help` (issue 31): in the chosen language, each command with examples. */

const summaryOf = (lang: Lang, summary: MessageDescriptor) =>
  // a sandbox command's description is the catalogue's (English, as the MCP tools show it), printed as it is
  summary.id?.startsWith('cli.sandbox.') ? (summary.message ?? '') : t(lang, summary)

/** The list of every command. */
export function mainHelp(lang: Lang) {
  const width = Math.max(...specs.map((s) => s.path.length)) + 2
  const commands = specs.map((s) => `  ${s.path.padEnd(width)}${summaryOf(lang, s.summary)}`).join('\n')
  return t(lang, cliText.usage, { version: cliVersion, commands })
}

/** One command: what it does, its arguments (and their values), its options, examples. */
export function commandHelp(lang: Lang, spec: Spec, command: CommandInfo | undefined, commands: CommandInfo[]) {
  const args = spec.args.map((a) => (a.optional ? `[${a.name}]` : `<${a.name}>`)).join(' ')
  const own = flagsOf(spec, command)
  const lines = [
    `paylab ${spec.path} — ${summaryOf(lang, spec.summary)}`,
    '',
    `${t(lang, cliText.helpUsage)}: paylab ${spec.path}${args ? ` ${args}` : ''} [options]`,
  ]
  spec.args.forEach((arg, i) => {
    const values = argValues(spec, i, commands)
    if (values) lines.push(`  <${arg.name}>: ${values.join(', ')}`)
  })
  const options = Object.entries(own).filter(([name]) => !['json', 'help', 'version', 'lang', 'url', 'sandbox', 'key', 'secret', 'merchant'].includes(name))
  if (options.length) {
    lines.push('', `${t(lang, cliText.helpOptions)}:`)
    if (command) lines.push(`  (${t(lang, cliText.helpFields, { name: command.name })})`)
    const width = Math.max(...options.map(([name, kind]) => name.length + kind.type.length)) + 6
    for (const [name, kind] of options) {
      const head = kind.type === 'boolean' ? `--${name}` : `--${name} <${kind.type}>`
      const about = [kind.values ? kind.values.join('|') : '', kind.about ?? ''].filter(Boolean).join('  ')
      lines.push(`  ${head.padEnd(width)}${about}`)
    }
  }
  lines.push('', t(lang, cliText.helpGlobal), '', `${t(lang, cliText.helpExamples)}:`, ...spec.examples.map((e) => `  ${e}`))
  return lines.join('\n')
}
