import { vValidator } from '@hono/valibot-validator'
import type { Context, Env, MiddlewareHandler } from 'hono'
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

/** A body read once and parsed once, whoever asks first (OPA-Auth's directives, the validator, the request log). */
export interface ParsedBody {
  text: string
  /** The parsed value; absent when the text is not JSON (`invalid`). */
  value?: unknown
  invalid?: true
}
const parsedBodies = new WeakMap<object, Promise<ParsedBody>>()

/**
 * The request's body as text and as JSON, read and parsed once per request (issue 22: a signed POST was parsed by
 * the sandbox directives' magic-amount check and again by the validator). The value is shared: callers never change it.
 */
export function parsedBody(c: Context): Promise<ParsedBody> {
  let parsed = parsedBodies.get(c.req)
  if (!parsed) {
    parsed = c.req.text().then((text) => {
      try {
        return { text, value: JSON.parse(text) as unknown }
      } catch {
        return { text, invalid: true }
      }
    })
    parsedBodies.set(c.req, parsed)
  }
  return parsed
}

/**
 * The body as the APIs read it: JSON whatever the Content-Type says (the provider's clients send
 * `application/json;charset=UTF-8`, the lab's demo console lets a developer pick any), an empty body is
 * `undefined` (the schema decides whether that is a missing body), malformed JSON or an unbounded one is a 400
 * in the error shape, never a 500.
 */
export async function bodyJson(c: Context): Promise<unknown> {
  const { text, value, invalid } = await parsedBody(c)
  if (text.trim() === '') return undefined
  if (invalid) throw invalidBody('Body is not valid JSON')
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

/** What a handler reads after a JSON body check: `c.req.valid('json')`, typed from the schema as hono types its validators. */
export interface JsonInput<T extends v.GenericSchema> {
  in: { json: v.InferInput<T> }
  out: { json: v.InferOutput<T> }
}

/**
 * Validation at the edge (`@hono/valibot-validator`): `target` of the request is checked against `schema` before
 * the handler runs, which then reads only `c.req.valid(target)`. A failure answers through `invalid`. The schema is
 * also what `/openapi.json` shows for that part of the request (http/openapi.ts). A JSON body: `jsonIn`.
 */
export function validate<T extends v.GenericSchema, Target extends 'query' | 'param'>(target: Target, schema: T, invalid: InvalidInput = invalidParams()) {
  const check = vValidator(target, schema, (result, c: Context) => {
    if (!result.success) invalid(result.issues, c)
  })
  return documentsInput(check, target, schema)
}

/**
 * A JSON body checked against `schema`; the handler reads `c.req.valid('json')`. The body is read by `bodyJson`'s
 * rules — JSON whatever the Content-Type says, an empty body `undefined`, parsed once per request — which the
 * validators' own `json` target cannot follow: it reads only `application/json` bodies (`{}` otherwise) and answers
 * an empty one as malformed, where the provider's API reads `text/plain` JSON and answers an empty body as missing
 * parameters (tests/server/http-edge.test.ts). So this is hono's validator contract (`addValidatedData`, the
 * `{in, out}` input type) over that reading; the request seen by the rest of the chain — the request log, the OPA
 * signature — is left as it came.
 */
export function jsonIn<T extends v.GenericSchema, E extends Env = Env>(schema: T, invalid: InvalidInput = invalidParams()) {
  const check: MiddlewareHandler<E, string, JsonInput<T>> = async (c, next) => {
    const value = await bodyJson(c)
    const result = schema.async ? await v.safeParseAsync(schema, value) : v.safeParse(schema, value)
    if (!result.success) invalid(result.issues, c)
    c.req.addValidatedData('json', result.output as object)
    await next()
  }
  return documentsInput(check, 'json', schema)
}

/** `validate('query', …)`, `validate('param', …)` by name. */
export const queryIn = <T extends v.GenericSchema>(schema: T, invalid?: InvalidInput) => validate('query', schema, invalid)
export const paramsIn = <T extends v.GenericSchema>(schema: T, invalid?: InvalidInput) => validate('param', schema, invalid)
