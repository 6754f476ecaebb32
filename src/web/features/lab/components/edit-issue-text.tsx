import { Trans } from '@lingui/react/macro'
import type { EditIssue } from '../request-edit.ts'

/** A limit as the schema states it (`>=1`, `<=64`) without its comparison sign. */
const limitOf = (expected: string | null) => (expected ?? '').replace(/^[<>]=?/, '')

/** One problem of the panel's edited amount or body, in the page's language (issue 20). */
export function EditIssueText({ issue }: { issue: EditIssue }) {
  const where = issue.field === 'amount' ? null : issue.path ? <code>{issue.path}</code> : null
  const limit = limitOf(issue.expected)
  const expected = issue.expected ?? ''
  switch (issue.kind) {
    case 'json':
      return <Trans>The body is not valid JSON.</Trans>
    case 'object':
      return <Trans>The body must be one JSON object ({'{ … }'}).</Trans>
    case 'missing':
      return <Trans>{where} is required.</Trans>
    case 'type':
      return where ? (
        <Trans>
          {where} must be of type {expected}.
        </Trans>
      ) : (
        <Trans>The value must be of type {expected}.</Trans>
      )
    case 'integer':
      return where ? <Trans>{where} must be a whole number.</Trans> : <Trans>Enter a whole number of yen.</Trans>
    case 'min_value':
      return where ? (
        <Trans>
          {where} must be at least {limit}.
        </Trans>
      ) : (
        <Trans>The amount must be at least {limit} yen.</Trans>
      )
    case 'max_value':
      return where ? (
        <Trans>
          {where} must be at most {limit}.
        </Trans>
      ) : (
        <Trans>The amount must be at most {limit} yen.</Trans>
      )
    case 'min_length':
      return <Trans>{where} must not be empty.</Trans>
    case 'max_length':
      return (
        <Trans>
          {where} is too long (at most {limit} characters).
        </Trans>
      )
    case 'regex':
      return <Trans>{where} may only contain a–z, A–Z, 0–9, - and _.</Trans>
    case 'choice':
      return (
        <Trans>
          {where} must be {expected}.
        </Trans>
      )
    default:
      return <Trans>{where} is not valid.</Trans>
  }
}
