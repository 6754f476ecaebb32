import type { Context } from 'hono'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'

/**
 * Parses untrusted input with a valibot schema; a failure becomes `INVALID_PARAMS` (400) with the issues
 * listed in `data.issues` so a developer sees which field was wrong. Never throws anything else.
 */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, code = 'INVALID_PARAMS'): v.InferOutput<S> {
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
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: '', message: 'Body is not valid JSON' }] } })
  }
}

export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S, code?: string): Promise<v.InferOutput<S>> {
  return parseOr400(schema, await readJson(c), code)
}

export function queryOf<S extends v.GenericSchema>(c: Context, schema: S, code?: string): v.InferOutput<S> {
  return parseOr400(schema, c.req.query(), code)
}

export function paramsOf<S extends v.GenericSchema>(c: Context, schema: S, code?: string): v.InferOutput<S> {
  return parseOr400(schema, c.req.param(), code)
}
