import * as v from 'valibot'
import type { LabEndpointId } from '@/domain/lab.ts'
import type { DemoRequest } from '@/domain/lab-panel.ts'
import {
  CaptureRequestSchema,
  CreatePaymentRequestSchema,
  CreateQrCodeRequestSchema,
  CreateRequestOrderRequestSchema,
  MoneyAmountSchema,
  PreauthorizeRequestSchema,
  RefundRequestSchema,
  RevertRequestSchema,
} from '@/domain/opa-schemas.ts'

/**
 * The test panel's own edits of the request it sends (issue 20 "Lab"): the amount, and for the endpoints that send a
 * body, the whole JSON body. Both are checked against the schema the sandbox validates the endpoint with
 * (domain/opa-schemas.ts) before anything is sent, so a typo is explained beside the field instead of costing a call.
 * The checks here are data (an issue's path and kind); the panel words them in the page's language.
 */

/** The request body schema of each endpoint that sends one (the same schema the sandbox route validates with). */
export const requestBodySchemaOf: Partial<Record<LabEndpointId, v.GenericSchema>> = {
  postCodes: CreateQrCodeRequestSchema,
  postPayments: CreatePaymentRequestSchema,
  postSubscriptionPayments: CreatePaymentRequestSchema,
  postPreauthorizePayments: PreauthorizeRequestSchema,
  postCapturePayments: CaptureRequestSchema,
  postRevertPreauthorizePayments: RevertRequestSchema,
  postRefunds: RefundRequestSchema,
  postRequestOrder: CreateRequestOrderRequestSchema,
}

/** Endpoints whose amount the panel lets a person set: every body with an amount, and the balance check's query. */
export const amountEditable = (endpointId: LabEndpointId) =>
  endpointId === 'getCheckBalanceWallet' || (requestBodySchemaOf[endpointId] !== undefined && endpointId !== 'postRevertPreauthorizePayments')

/** What the person typed: an amount ('' = the panel's own) and a body ('' = the panel builds it). */
export interface RequestEdits {
  amount: string
  bodyText: string
}
export const noEdits: RequestEdits = { amount: '', bodyText: '' }

/** One problem with an edit: where (a dotted path in the body, or 'amount' for the field) and what kind. */
export interface EditIssue {
  field: 'amount' | 'body'
  path: string
  kind: 'json' | 'object' | 'missing' | 'type' | 'integer' | 'min_value' | 'max_value' | 'min_length' | 'max_length' | 'regex' | 'choice' | 'other'
  /** The rule's value (a limit, a type, the allowed values), as the schema states it. */
  expected: string | null
}

const issueKind = (issue: v.BaseIssue<unknown>): EditIssue['kind'] => {
  if (issue.kind === 'schema' && issue.received === 'undefined') return 'missing'
  switch (issue.type) {
    case 'integer':
    case 'min_value':
    case 'max_value':
    case 'min_length':
    case 'max_length':
    case 'regex':
      return issue.type
    case 'picklist':
    case 'literal':
      return 'choice'
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
    case 'array':
    case 'nullable':
    case 'optional':
      return 'type'
    default:
      return 'other'
  }
}

const toIssues = (field: EditIssue['field'], issues: readonly v.BaseIssue<unknown>[]): EditIssue[] =>
  issues.map((issue) => ({
    field,
    path: v.getDotPath(issue) ?? '',
    kind: issueKind(issue),
    expected: issue.type === 'regex' ? null : (issue.expected ?? null),
  }))

/** The amount field checked as the published MoneyAmount (a whole number of yen, 1 … 99,999,999,999). */
export function checkAmount(text: string): { amount: number | null; issues: EditIssue[] } {
  if (text.trim() === '') return { amount: null, issues: [] }
  const value = /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN
  if (Number.isNaN(value)) return { amount: null, issues: [{ field: 'amount', path: 'amount', kind: 'integer', expected: null }] }
  const parsed = v.safeParse(MoneyAmountSchema, { amount: value, currency: 'JPY' })
  return parsed.success ? { amount: value, issues: [] } : { amount: null, issues: toIssues('amount', parsed.issues).map((i) => ({ ...i, path: 'amount' })) }
}

/** The edited body checked as JSON and against the endpoint's schema; null body: the panel builds it. */
export function checkBody(endpointId: LabEndpointId, text: string): { body: Record<string, unknown> | null; issues: EditIssue[] } {
  const schema = requestBodySchemaOf[endpointId]
  if (!schema || text.trim() === '') return { body: null, issues: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { body: null, issues: [{ field: 'body', path: '', kind: 'json', expected: null }] }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { body: null, issues: [{ field: 'body', path: '', kind: 'object', expected: null }] }
  const result = v.safeParse(schema, parsed)
  return result.success ? { body: parsed as Record<string, unknown>, issues: [] } : { body: null, issues: toIssues('body', result.issues) }
}

/** Every problem of the edits for this endpoint (empty: they can be sent). */
export function checkEdits(endpointId: LabEndpointId, edits: RequestEdits): EditIssue[] {
  const body = checkBody(endpointId, edits.bodyText)
  const amount = amountEditable(endpointId) && !body.body && edits.bodyText.trim() === '' ? checkAmount(edits.amount).issues : []
  return [...amount, ...body.issues]
}

/** The request with the edits applied: an edited body replaces the built one; otherwise an amount replaces the built amount. */
export function applyEdits(request: DemoRequest, edits: RequestEdits): DemoRequest {
  const body = checkBody(request.endpointId, edits.bodyText).body
  if (body) return { ...request, body }
  const amount = amountEditable(request.endpointId) ? checkAmount(edits.amount).amount : null
  if (amount === null) return request
  if (request.endpointId === 'getCheckBalanceWallet') {
    const [path, query = ''] = request.path.split('?')
    const params = new URLSearchParams(query)
    params.set('amount', String(amount))
    return { ...request, path: `${path}?${params}` }
  }
  if (request.body && typeof request.body.amount === 'object') return { ...request, body: { ...request.body, amount: { amount, currency: 'JPY' } } }
  return request
}
