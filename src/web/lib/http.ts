import * as v from 'valibot'
import { limits } from '@/domain/limits.ts'
import { takeEarlyResponse } from './early-content.ts'
import { deviceId, deviceIdHeader } from './device-id.ts'
import { getAccessToken, reportUnauthorized } from './session.tsx'

/**
 * The portal's one HTTP client (spec §7): same-origin base, three timeouts, bearer token on authenticated
 * calls, the device id where asked, a 401 on an authenticated call ends the session, every answer parsed with
 * valibot, and a count of requests in flight for the header's progress bar.
 */

export type TimeoutKind = 'short' | 'normal' | 'long'

function msFromEnv(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return value && Number.isFinite(n) && n > 0 ? n : fallback
}

/** spec §7/§9: short 15 s (demo calls), normal 25 s, long 30 s; overridable at build time (VITE_TIMEOUT_*_MS). */
export const timeoutsMs: Record<TimeoutKind, number> = {
  short: msFromEnv(import.meta.env.VITE_TIMEOUT_SHORT_MS, limits.timeouts.shortMs),
  normal: msFromEnv(import.meta.env.VITE_TIMEOUT_NORMAL_MS, limits.timeouts.normalMs),
  long: msFromEnv(import.meta.env.VITE_TIMEOUT_LONG_MS, limits.timeouts.longMs),
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | string[] | undefined>
  body?: unknown
  headers?: Record<string, string>
  /** Send the signed-in user's bearer token; a 401 answer then reports the session as timed out. */
  auth?: boolean
  /** Send this browser's device id (sign-up / sign-in calls). */
  deviceId?: boolean
  timeout?: TimeoutKind
  /** Leave the progress bar alone (document-content and code-snippet requests, spec §2). */
  untracked?: boolean
  signal?: AbortSignal
}

const resultInfoSchema = v.object({ code: v.string(), message: v.optional(v.string(), ''), codeId: v.optional(v.string(), '') })
const errorBodySchema = v.object({ resultInfo: resultInfoSchema, data: v.optional(v.unknown()) })

/** A failed call: HTTP status (0 for network failure or timeout) and, when the server said, its resultInfo. */
export class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly codeId: string
  readonly data: unknown
  readonly timedOut: boolean

  constructor(status: number, message: string, options: { code?: string; codeId?: string; data?: unknown; timedOut?: boolean } = {}) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.code = options.code ?? (options.timedOut ? 'TIMEOUT' : status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`)
    this.codeId = options.codeId ?? ''
    this.data = options.data
    this.timedOut = options.timedOut ?? false
  }
}

/** An answer that did not match the expected schema: a contract bug, reported as such. */
export class ResponseShapeError extends Error {
  readonly issues: string[]
  constructor(path: string, issues: v.BaseIssue<unknown>[]) {
    super(`Unexpected response from ${path}`)
    this.name = 'ResponseShapeError'
    this.issues = issues.map((i) => `${v.getDotPath(i) ?? ''}: ${i.message}`)
  }
}

/** `{resultInfo, data}` with `data` of the given schema: the shape every PayLab API answers in. */
export function envelope<S extends v.GenericSchema>(data: S) {
  return v.object({ resultInfo: resultInfoSchema, data })
}

export interface HttpClientOptions {
  baseURL?: string
  fetch?: typeof globalThis.fetch
  getAccessToken?: () => string | null
  onUnauthorized?: () => void
  deviceId?: () => string
  timeouts?: Partial<Record<TimeoutKind, number>>
}

/** `base` + `path` with the query appended; array values repeat the key (`type=a&type=b`), undefined is left out. */
function urlOf(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

/** Plain objects and arrays go as JSON; FormData, Blob, URLSearchParams and strings as they are. */
function bodyOf(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body
  headers['content-type'] = 'application/json'
  return JSON.stringify(body)
}

/** The answer's JSON, or its text when it is not JSON (a proxy's error page), or undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const baseURL = options.baseURL ?? '/'
  const timeouts = { ...timeoutsMs, ...options.timeouts }
  let inFlight = 0
  const listeners = new Set<(count: number) => void>()
  const setInFlight = (n: number) => {
    inFlight = n
    for (const listener of listeners) listener(n)
  }

  async function request<S extends v.GenericSchema>(method: string, schema: S, path: string, opts: RequestOptions = {}): Promise<v.InferOutput<S>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    if (opts.auth) {
      const token = (options.getAccessToken ?? getAccessToken)()
      if (token) headers.authorization = `Bearer ${token}`
    }
    if (opts.deviceId) headers[deviceIdHeader] = (options.deviceId ?? deviceId)()
    const body = bodyOf(opts.body, headers)
    // the caller's signal (React Query cancelling) and our timeout both abort; only the timeout is reported as one
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeouts[opts.timeout ?? 'normal'])
    const forwardAbort = () => controller.abort(opts.signal?.reason)
    if (opts.signal?.aborted) forwardAbort()
    else opts.signal?.addEventListener('abort', forwardAbort, { once: true })
    const tracked = !opts.untracked
    if (tracked) setInFlight(inFlight + 1)
    let data: unknown
    try {
      let response: Response
      try {
        const url = urlOf(baseURL, path, opts.query)
        const send = () => fetcher(url, { method, headers, body, signal: controller.signal })
        // a docs page's content may already be on its way (index.html, early-content.ts); if that failed, ask again
        const early = method === 'GET' && !headers.authorization ? takeEarlyResponse(url) : undefined
        response = early ? await early.catch(send) : await send()
        data = await readBody(response)
      } catch (error) {
        if (timedOut) throw new HttpError(0, 'timeout', { timedOut: true })
        if (opts.signal?.aborted) throw error
        throw new HttpError(0, error instanceof Error ? error.message : String(error))
      }
      if (!response.ok) throw errorOf(response, data, opts.auth ? (options.onUnauthorized ?? reportUnauthorized) : undefined)
    } finally {
      clearTimeout(timer)
      opts.signal?.removeEventListener('abort', forwardAbort)
      if (tracked) setInFlight(inFlight - 1)
    }
    const parsed = v.safeParse(schema, data)
    if (!parsed.success) throw new ResponseShapeError(path, parsed.issues)
    return parsed.output
  }

  return {
    get: <S extends v.GenericSchema>(schema: S, path: string, opts?: RequestOptions) => request('GET', schema, path, opts),
    post: <S extends v.GenericSchema>(schema: S, path: string, opts?: RequestOptions) => request('POST', schema, path, opts),
    put: <S extends v.GenericSchema>(schema: S, path: string, opts?: RequestOptions) => request('PUT', schema, path, opts),
    patch: <S extends v.GenericSchema>(schema: S, path: string, opts?: RequestOptions) => request('PATCH', schema, path, opts),
    delete: <S extends v.GenericSchema>(schema: S, path: string, opts?: RequestOptions) => request('DELETE', schema, path, opts),
    inFlight: () => inFlight,
    subscribeInFlight(listener: (count: number) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** A non-2xx answer as an HttpError, with the server's resultInfo when it sent one; a 401 on an authenticated call ends the session. */
function errorOf(response: Response, data: unknown, onUnauthorized: (() => void) | undefined): HttpError {
  if (response.status === 401 && onUnauthorized) onUnauthorized()
  const shaped = v.safeParse(errorBodySchema, data)
  if (shaped.success) {
    const { code, codeId, message } = shaped.output.resultInfo
    return new HttpError(response.status, message || code, { code, codeId, data: shaped.output.data })
  }
  return new HttpError(response.status, `${response.status} ${response.statusText}`.trim())
}

export type HttpClient = ReturnType<typeof createHttpClient>

/** The app-wide client. */
export const http: HttpClient = createHttpClient()

export const apiGet = http.get
export const apiPost = http.post
