import type { I18n } from '@lingui/core'
import { errorMessage, isErrorCode } from './errors.ts'
import { accountEntries } from './resolver/account.ts'
import { commonEntries } from './resolver/common.ts'
import type { LabTarget, ResolverEntry } from './resolver/entry.ts'
import { paymentEntries } from './resolver/payments.ts'
import { sandboxEntries } from './resolver/sandbox.ts'
import { userAndQrEntries } from './resolver/users-qr.ts'

/**
 * The response-code resolver's knowledge base (spec §1 "paste an API endpoint, response code and response text";
 * `/develop/resolve`, `GET /dev/v1/resolve`). One entry per `resultInfo.code` of the provider's published API
 * (../shared/reference) and per code of the portal's account API: meaning, likely cause and fix as Lingui descriptors
 * (ids `resolver.<code>.cause|fix|meaning`, main catalog `locales/{ja,en}/messages.po`) rendered in the asked language,
 * and where the lab reproduces it. The meaning is the catalogue's message when the server itself answers with the
 * code (one source); codes only the real provider answers carry their own. docs/dashboard.md.
 */

/** The table, one file per API family (src/domain/resolver/), in the order the published API lists them. */
export const resolverEntries: readonly ResolverEntry[] = [...commonEntries, ...userAndQrEntries, ...paymentEntries, ...sandboxEntries, ...accountEntries]

const byCode = new Map(resolverEntries.map((e) => [e.code, e]))

/** Normalises what a developer pastes: `"UNAUTHORIZED"`, `unauthorized`, ` code: UNAUTHORIZED `. */
const normalise = (code: string) =>
  code
    .trim()
    .replace(/^["'`]+|["'`,]+$/g, '')
    .replace(/^code\s*[:=]\s*/i, '')
    .trim()
    .toUpperCase()

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = temp
    }
  }
  return row[b.length]!
}

/** Lab page link of a target (the portal's route, product tab by search param). */
export const labPathOf = (t: LabTarget) => `/develop/paylab-lab?product=${t.product}&scenario=${t.scenario}`

export interface ResolvedEntry {
  code: string
  status: number
  codeIds: string[]
  meaning: string
  cause: string
  fix: string
  lab: (LabTarget & { path: string }) | null
}

/** An entry's texts in the language of `i18n` (on the server, the instance of the request's language). */
const view = (e: ResolverEntry, i18n: I18n): ResolvedEntry => {
  return {
    code: e.code,
    status: e.status,
    codeIds: [...e.codeIds],
    meaning: (e.meaning ? i18n._(e.meaning) : isErrorCode(e.code) ? errorMessage(i18n, e.code) : '') || i18n._(e.cause),
    cause: i18n._(e.cause),
    fix: i18n._(e.fix),
    lab: e.lab ? { ...e.lab, path: labPathOf(e.lab) } : null,
  }
}

/**
 * Looks a pasted code up: exactly by code, else by codeId (a code that is really a codeId, or `codeId`), else
 * not found with up to five near matches (edit distance, or one code containing the other). Texts are in the language
 * of `i18n`.
 */
export function resolveCode(query: { code: string; codeId?: string; apiName?: string }, i18n: I18n) {
  const code = normalise(query.code)
  const codeId = query.codeId?.trim() || (/^\d{6,10}$/.test(code) ? code : undefined)
  let found = byCode.get(code)
  if (!found && codeId) {
    const matches = resolverEntries.filter((e) => e.codeIds.includes(codeId))
    found = matches.length === 1 ? matches[0] : undefined
  }
  const near =
    found || code === ''
      ? []
      : resolverEntries
          .map((e) => ({ e, d: e.code.includes(code) || code.includes(e.code) ? 0 : distance(code, e.code) }))
          .filter(({ e, d }) => d <= Math.max(2, Math.floor(e.code.length / 3)) || (codeId !== undefined && e.codeIds.includes(codeId)))
          .sort((x, y) => x.d - y.d || x.e.code.localeCompare(y.e.code))
          .slice(0, 5)
          .map(({ e }) => ({ code: e.code, meaning: view(e, i18n).meaning }))
  return {
    query: { code: query.code, code_id: query.codeId ?? null, api_name: query.apiName ?? null },
    found: found !== undefined,
    entry: found ? view(found, i18n) : null,
    near,
  }
}
