import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SeedIssue, SeedRule } from '@/domain/sandbox-state.ts'

/** A refused seed file's issues in the UI's language (issue 20); the server's English `message` is for scripts. */
const texts: Record<SeedRule, MessageDescriptor> = {
  schema: msg`Not in the seed file's format: {message}`,
  usernameTwice: msg`Username "{name}" appears twice`,
  unknownUser: msg`No test user "{name}" in testUsers`,
  unknownUserDefaults: msg`No test user "{name}" in testUsers (the defaults are {defaults})`,
  keyTwice: msg`Key "{key}" appears twice`,
  alreadyLinked: msg`"{name}" already has an ACTIVE authorization`,
  orderTwice: msg`merchantPaymentId "{id}" appears twice`,
  createdHasPayer: msg`An unpaid (CREATED) code has no payer`,
  payerNeeded: msg`A {status} payment needs the test user who paid it`,
  noAuthorization: msg`No userAuthorizations entry with key "{key}"`,
  scopeMissing: msg`The authorization lacks the scope {scopes}`,
  expiryNotAuthorized: msg`Only an AUTHORIZED pre-authorisation has an expiry ahead`,
  refundNotRefunded: msg`Only a REFUNDED payment has a refund`,
  refundTooLarge: msg`The refund is more than the payment`,
  refundTwice: msg`merchantRefundId "{id}" appears twice`,
  refundNeeded: msg`A REFUNDED payment needs its refund (merchantRefundId, amount)`,
}

export function seedIssueText(i18n: I18n, issue: SeedIssue): string {
  const text = issue.rule ? texts[issue.rule] : undefined
  if (!text) return issue.message
  const values = issue.rule === 'schema' ? { message: issue.message } : (issue.values ?? {})
  return i18n._(text.id, values, { message: text.message })
}
