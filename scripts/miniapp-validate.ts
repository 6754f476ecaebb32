// `npm run miniapp:validate -- <folder> [--json] [--lang ja|en]`: checks a mini app folder against the rules of
// spec §3/§5/§9 (src/domain/miniapp/validate.ts). Findings grouped by file, or as JSON for CI with --json.
// Exit 0 when there is no error (warnings allowed), 1 otherwise, 2 on a usage error.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseArgs } from 'node:util'
import type { Lang } from '@/domain/i18n.ts'
import { miniAppI18n } from '@/domain/miniapp/catalog.ts'
import { miniAppCliTexts } from '@/domain/miniapp/messages.ts'
import type { MiniAppFiles } from '@/domain/miniapp/types.ts'
import { validateMiniApp, type Finding } from '@/domain/miniapp/validate.ts'

/** Folders and files never part of an app: version control, dependencies, hidden files. */
const skipped = (name: string) => name.startsWith('.') || name === 'node_modules'

/** A folder's files as MiniAppFiles (paths relative to the folder, `/`-separated). */
export function readMiniAppFolder(folder: string): MiniAppFiles {
  const files = new Map<string, Uint8Array>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (skipped(entry.name)) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) files.set(relative(folder, path).split(sep).join('/'), new Uint8Array(readFileSync(path)))
    }
  }
  walk(folder)
  return files
}

/** The file part of a finding's path (`app.json:tabBar.list` → `app.json`). */
const fileOf = (f: Finding) => f.path.split(':')[0]!
const detailOf = (f: Finding) => f.path.slice(fileOf(f).length + 1)

export function formatFindings(findings: Finding[], lang: Lang, folder: string): string {
  const i18n = miniAppI18n(lang)
  if (findings.length === 0) return i18n._(miniAppCliTexts.clean.id, { folder })
  const byFile = new Map<string, Finding[]>()
  for (const f of findings) byFile.set(fileOf(f), [...(byFile.get(fileOf(f)) ?? []), f])
  const lines: string[] = []
  for (const [file, list] of byFile) {
    lines.push(file)
    for (const f of list) {
      const where = detailOf(f) ? `${detailOf(f)}  ` : ''
      lines.push(`  ${i18n._(miniAppCliTexts[f.severity].id)} [${f.rule}] ${where}${f.message}`)
      lines.push(`    ${i18n._(miniAppCliTexts.fix.id)}: ${f.fix}`)
    }
    lines.push('')
  }
  const errors = findings.filter((f) => f.severity === 'error').length
  lines.push(i18n._(miniAppCliTexts.summary.id, { errors, warnings: findings.length - errors }))
  return lines.join('\n')
}

export async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, lang: { type: 'string' } } })
  } catch {
    console.error(miniAppI18n('en')._(miniAppCliTexts.usage.id))
    return 2
  }
  const lang: Lang = parsed.values.lang === 'en' ? 'en' : 'ja'
  const i18n = miniAppI18n(lang)
  const folder = parsed.positionals[0]
  if (!folder || parsed.positionals.length > 1 || (parsed.values.lang !== undefined && !['ja', 'en'].includes(parsed.values.lang))) {
    console.error(i18n._(miniAppCliTexts.usage.id))
    return 2
  }
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(i18n._(miniAppCliTexts.notFolder.id, { folder }))
    return 2
  }
  const report = await validateMiniApp(readMiniAppFolder(folder), lang)
  if (parsed.values.json) console.log(JSON.stringify({ ok: report.ok, findings: report.findings }, null, 2))
  else console.log(formatFindings(report.findings, lang, folder))
  return report.ok ? 0 : 1
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2))
}
