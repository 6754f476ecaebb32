import * as v from 'valibot'
import { AccountFlowError, sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'
import { envelope, http, HttpError, type TimeoutKind } from './http.ts'

/**
 * A call of the portal's own API (account, dashboard, settings; spec §7). Every answer is `{resultInfo, data}`:
 * SUCCESS gives the parsed data, anything else rejects with an AccountFlowError carrying `resultInfo.code` (and
 * `data`), which is what the machines expect. Auth calls carry the device id (spec §3); bearer calls the session's
 * token; a 401 on a bearer call rejects with the session-timed-out code (http.ts has told the session).
 */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: Record<string, unknown> | FormData
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  signal?: AbortSignal
  bearer?: boolean
  device?: boolean
  timeout?: TimeoutKind
}

const requests = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
}

export async function call<S extends v.GenericSchema>(path: string, dataSchema: S, options: CallOptions = {}): Promise<v.InferOutput<S>> {
  const request = requests[options.method ?? 'GET']
  let answer
  try {
    answer = await request(envelope(v.unknown()), path, {
      body: options.body,
      query: options.query,
      headers: options.headers,
      signal: options.signal,
      auth: options.bearer,
      deviceId: options.device,
      timeout: options.timeout,
    })
  } catch (error) {
    // an authenticated call answered 401: the session has timed out (http.ts has told the session; spec §4, §8)
    if (options.signal?.aborted) throw error
    if (options.bearer && error instanceof HttpError && error.status === 401) throw new AccountFlowError(sessionTimedOutCode)
    if (error instanceof HttpError && error.status !== 0) throw new AccountFlowError(error.code, error.data)
    throw new AccountFlowError(unknownErrorCode)
  }
  if (answer.resultInfo.code !== 'SUCCESS') throw new AccountFlowError(answer.resultInfo.code, answer.data)
  const parsed = v.safeParse(dataSchema, answer.data)
  if (!parsed.success) throw new AccountFlowError(unknownErrorCode)
  return parsed.output
}
