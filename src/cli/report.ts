import type { Lang } from '@/domain/i18n.ts'
import { resolveCode } from '@/domain/resolver.ts'
import type { CallFailure } from './http.ts'
import { i18nFor, t } from './i18n.ts'
import { cliText } from './text.ts'

/** A failure for a person: the code and message, each bad field (in the asked language: the server wrote them so), and the resolver's cause and fix. */
export function explainFailure(lang: Lang, error: CallFailure) {
  const lines = [t(lang, cliText.failed, { code: error.code, message: error.message })]
  const issues = (error.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
  for (const issue of issues) lines.push(t(lang, cliText.field, issue))
  const entry = resolveCode({ code: error.code, codeId: error.codeId || undefined }, i18nFor(lang)).entry
  if (entry) lines.push(t(lang, cliText.cause, { cause: entry.cause }), t(lang, cliText.fix, { fix: entry.fix }))
  return lines.join('\n')
}

/** What a person reads for an answer (YAML, loaded only when printed); `--json` prints the data as JSON. */
export async function show(data: unknown, json: boolean) {
  if (json) return JSON.stringify(data, null, 2)
  const { stringify } = await import('yaml')
  return stringify(data).trimEnd()
}

/** `--json`'s failure, on stdout: `{"error":{"code","message",…}}`. */
export const jsonError = <E extends { code: string; message: string }>(error: E) => JSON.stringify({ error }, null, 2)
