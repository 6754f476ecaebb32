import { vValidator } from '@hono/valibot-validator'
import type { Context, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { ApiError, type ErrorCode } from '@/domain/errors.ts'
import { findControlCharacter, forbiddenControl, forbiddenEncodedControl, jsonDepth } from '@/domain/input-bounds.ts'
import { limits } from '@/domain/limits.ts'
import { documentsInput } from './openapi.ts'

/** One failed field as PayLab lists it in `data.issues` (a PayLab addition: the provider itself sends data null). */
export interface InputIssue {
  path: string
  message: string
}

export type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]

/**
 * What a failed validation answers: it throws an `ApiError`, which the app's onError shapes as
 * `{resultInfo: {code, message, codeId}, data}`. Each API has its own rule (the provider's codes for the
 * sandbox, EMAIL_INVALID / PASSWORD_POLICY for accounts); the default is INVALID_PARAMS (400).
 */
export type InvalidInput = (issues: Issues, c: Context) => never

export const issuesOf = (issues: readonly v.BaseIssue<unknown>[]): InputIssue[] =>
  issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))

/** `code` (INVALID_PARAMS unless told) with the failed fields in `data.issues`. */
export const invalidParams =
  (code: ErrorCode = 'INVALID_PARAMS'): InvalidInput =>
  (issues) => {
    throw new ApiError(code, { data: { issues: issuesOf(issues) } })
  }

const invalidBody = (message: string, path = '') => new ApiError('INVALID_PARAMS', { data: { issues: [{ path, message }] } })

/** Any JSON value: bounded nesting, and no control character (NUL …) in any string or key. */
export function checkJsonBounds(value: unknown): unknown {
  const max = limits.input.maxJsonDepth
  if (jsonDepth(value, max) > max) throw invalidBody(`At most ${max} levels of nesting`)
  const path = findControlCharacter(value)
  if (path !== undefined) throw invalidBody('Control characters are not allowed', path)
  return value
}

/**
 * The body as the APIs read it: JSON whatever the Content-Type says (the provider's clients send
 * `application/json;charset=UTF-8`, the lab's demo console lets a developer pick any), an empty body is
 * `undefined` (the schema decides whether that is a missing body), malformed JSON or an unbounded one is a 400
 * in the error shape, never a 500.
 */
export async function bodyJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    throw invalidBody('Body is not valid JSON')
  }
  return checkJsonBounds(value)
}

/** Paths and query strings: a percent-encoded control character (`%00` …) is refused before any route runs. */
export const rejectEncodedControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  const at = url.indexOf('/', url.indexOf('//') + 2)
  const pathAndQuery = at < 0 ? '' : url.slice(at)
  if (forbiddenEncodedControl.test(pathAndQuery) || forbiddenControl.test(pathAndQuery)) throw invalidBody('Control characters are not allowed')
  return next()
}

/**
 * Validation at the edge (`@hono/valibot-validator`): `target` of the request is checked against `schema` before
 * the handler runs, which then reads only `c.req.valid(target)`. A failure answers through `invalid`. The schema is
 * also what `/openapi.json` shows for that part of the request (http/openapi.ts).
 *
 * For `json` the body is first read by `bodyJson`'s rules and handed to the validator's json target (which by
 * itself would read only `application/json` bodies, as `{}` otherwise); the request seen by the rest of the
 * chain — the request log, the OPA signature — is left as it came.
 */
export function validate<T extends v.GenericSchema, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
  invalid: InvalidInput = invalidParams(),
) {
  const check = vValidator(target, schema, (result, c: Context) => {
    if (!result.success) invalid(result.issues, c)
  })
  if (target !== 'json') return documentsInput(check, target, schema)
  const readFirst: MiddlewareHandler = async (c, next) => {
    const value = await bodyJson(c)
    // The validator's json target reads `c.req.header('Content-Type')` and `c.req.json()`; for the time of its own
    // call both answer from bodyJson (a stand-in request with a JSON type, and the value read), then the request
    // is put back as it came before the chain goes on.
    const req = c.req as { raw: Request; json: () => Promise<unknown> }
    const raw = req.raw
    req.raw = new Request(raw.url, { headers: { 'content-type': 'application/json' }, signal: raw.signal })
    req.json = () => Promise.resolve(value)
    let restored = false
    const restore = () => {
      if (restored) return
      restored = true
      req.raw = raw
      delete (req as { json?: unknown }).json
    }
    try {
      return await check(c, async () => {
        restore()
        await next()
      })
    } finally {
      restore()
    }
  }
  return documentsInput(readFirst as unknown as typeof check, target, schema)
}

/** `validate('json', …)`, `validate('query', …)`, `validate('param', …)` by name. */
export const jsonIn = <T extends v.GenericSchema>(schema: T, invalid?: InvalidInput) => validate('json', schema, invalid)
export const queryIn = <T extends v.GenericSchema>(schema: T, invalid?: InvalidInput) => validate('query', schema, invalid)
export const paramsIn = <T extends v.GenericSchema>(schema: T, invalid?: InvalidInput) => validate('param', schema, invalid)
