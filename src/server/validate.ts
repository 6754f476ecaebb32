import type { Context, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { ApiError, type ErrorCode } from '@/domain/errors.ts'
import { findControlCharacter, forbiddenControl, forbiddenEncodedControl, jsonDepth } from '@/domain/input-bounds.ts'
import { limits } from '@/domain/limits.ts'

/**
 * Parses untrusted input with a valibot schema; a failure becomes `INVALID_PARAMS` (400) with the issues
 * listed in `data.issues` so a developer sees which field was wrong. Never throws anything else.
 */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, code: ErrorCode = 'INVALID_PARAMS'): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  throw new ApiError(code, {
    data: {
      issues: result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message })),
    },
  })
}

/** Reads a JSON body; malformed JSON or a non-JSON content type is a 400 in the error shape, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: '', message: 'Body is not valid JSON' }] } })
  }
  return checkJsonBounds(value)
}

/** Any JSON body: bounded nesting, and no control character (NUL …) in any string or key. */
export function checkJsonBounds(value: unknown): unknown {
  const max = limits.input.maxJsonDepth
  if (jsonDepth(value, max) > max) {
    throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: '', message: `At most ${max} levels of nesting` }] } })
  }
  const path = findControlCharacter(value)
  if (path !== undefined) throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path, message: 'Control characters are not allowed' }] } })
  return value
}

/** Paths and query strings: a percent-encoded control character (`%00` …) is refused before any route runs. */
export const rejectEncodedControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  const at = url.indexOf('/', url.indexOf('//') + 2)
  const pathAndQuery = at < 0 ? '' : url.slice(at)
  if (forbiddenEncodedControl.test(pathAndQuery) || forbiddenControl.test(pathAndQuery)) {
    throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: '', message: 'Control characters are not allowed' }] } })
  }
  return next()
}

export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S, code?: ErrorCode): Promise<v.InferOutput<S>> {
  return parseOr400(schema, await readJson(c), code)
}

export function queryOf<S extends v.GenericSchema>(c: Context, schema: S, code?: ErrorCode): v.InferOutput<S> {
  return parseOr400(schema, c.req.query(), code)
}

export function paramsOf<S extends v.GenericSchema>(c: Context, schema: S, code?: ErrorCode): v.InferOutput<S> {
  return parseOr400(schema, c.req.param(), code)
}
