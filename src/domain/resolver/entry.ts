import type { MessageDescriptor } from '@lingui/core'
import { errorEntry, isErrorCode } from '../errors.ts'
import type { ScenarioId } from '../lab.ts'
import type { ProductModel } from '../products.ts'

/** What the resolver's tables (src/domain/resolver/*.ts, assembled by src/domain/resolver.ts) are made of. */

export interface LabTarget {
  product: ProductModel
  scenario: ScenarioId
}

export interface ResolverEntry {
  code: string
  status: number
  codeIds: readonly string[]
  /** Set only for codes missing from the server's catalogue (or whose catalogue message is empty). */
  meaning?: MessageDescriptor
  cause: MessageDescriptor
  fix: MessageDescriptor
  lab?: LabTarget
  area: 'opa' | 'account'
}

type Text = MessageDescriptor

export function entry(
  area: ResolverEntry['area'],
  code: string,
  cause: Text,
  fix: Text,
  extra: { lab?: LabTarget; meaning?: Text; status?: number; codeIds?: string[] } = {},
): ResolverEntry {
  // codes only the real provider answers are not in the server's catalogue: their status and codeIds are given here
  const known = isErrorCode(code) ? errorEntry(code) : undefined
  return {
    code,
    area,
    status: extra.status ?? known?.status ?? 400,
    codeIds: extra.codeIds ?? (known ? [known.codeId] : []),
    ...(extra.meaning ? { meaning: extra.meaning } : {}),
    cause,
    fix,
    ...(extra.lab ? { lab: extra.lab } : {}),
  }
}
export const opa = (code: string, cause: Text, fix: Text, extra?: Parameters<typeof entry>[4]) => entry('opa', code, cause, fix, extra)
export const acct = (code: string, cause: Text, fix: Text, extra?: Parameters<typeof entry>[4]) => entry('account', code, cause, fix, extra)

export const qr = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'qrcode', scenario })
export const native = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'autodebit', scenario })
export const preauth = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'preauth_capture', scenario })
export const requestMoney = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'request_money', scenario })

export const retryLater = /*i18n*/ {
  id: 'resolver.fix.retryLater',
  message: 'Retry later with back-off; treat the payment status as unknown and check it with Get payment details before charging again.',
}
export const linkAgain = /*i18n*/ {
  id: 'resolver.fix.linkAgain',
  message: 'Run the user-authorization flow again to get a fresh userAuthorizationId, and store the new id.',
}
