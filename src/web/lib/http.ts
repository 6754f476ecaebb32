import { FetchError, ofetch } from 'ofetch'
import * as v from 'valibot'
import { limits } from '@/domain/limits.ts'
import { deviceId, deviceIdHeader } from './device-id.ts'
import { getAccessToken, reportUnauthorized } from './session.tsx'

/**
 * The portal's one HTTP client (spec §7), an ofetch instance: same-origin base, three timeouts, bearer token on
 * authenticated calls, the device id where asked, a 401 on an authenticated call ends the session, every answer
 * parsed with valibot. The header's progress bar reads React Query (`useIsFetching`/`useIsMutating`), not this
 * client: requests it must not count say so with `meta: quiet` on their query (features/shell/progress.ts).
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

/**
 * The one ofetch instance of the portal: same-origin base URL, no retries of its own (React Query decides), JSON
 * bodies and answers. Per request it adds the bearer token / device id, aborts after the request's timeout (ofetch's
 * own `timeout` is not used: it is skipped whenever a caller's signal is given, and React Query always gives one) and
 * maps failures to HttpError.
 */
export function createHttpClient(options: HttpClientOptions = {}) {
  const timeouts = { ...timeoutsMs, ...options.timeouts }
  const client = ofetch.create(
    { baseURL: options.baseURL ?? '/', retry: 0, headers: { accept: 'application/json' } },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function request<S extends v.GenericSchema>(method: string, schema: S, path: string, opts: RequestOptions = {}): Promise<v.InferOutput<S>> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.auth) {
      const token = (options.getAccessToken ?? getAccessToken)()
      if (token) headers.authorization = `Bearer ${token}`
    }
    if (opts.deviceId) headers[deviceIdHeader] = (options.deviceId ?? deviceId)()
    // the caller's signal (React Query cancelling) and our timeout both abort; only the timeout is reported as one
    const timeout = AbortSignal.timeout(timeouts[opts.timeout ?? 'normal'])
    let data: unknown
    try {
      data = await client(path, {
        method,
        headers,
        query: opts.query,
        body: opts.body as BodyInit | Record<string, unknown> | undefined,
        signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
      })
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason
      if (timeout.aborted) throw new HttpError(0, 'timeout', { timedOut: true })
      const response = error instanceof FetchError ? error.response : undefined
      if (!response) throw new HttpError(0, error instanceof FetchError && error.cause instanceof Error ? error.cause.message : String(error))
      throw errorOf(response, error instanceof FetchError ? error.data : undefined, opts.auth ? (options.onUnauthorized ?? reportUnauthorized) : undefined)
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

const browserClient = createHttpClient()

/**
 * Where the app-wide client's calls go: the browser's same-origin client, unless a server renderer said otherwise.
 * The server renderer (entry-server.tsx) installs, once, a function that answers the client of the request being
 * rendered (an in-process `fetch` and the request's origin, scoped to that request with AsyncLocalStorage); no request
 * ever sets a client here.
 */
let clientOf: () => HttpClient = () => browserClient

/** Server renderer only, once at start: how the app-wide client finds the client of the request it runs in. */
export function resolveClientWith(resolve: () => HttpClient) {
  clientOf = resolve
}

/** The app-wide client. */
export const http: HttpClient = {
  get: (schema, path, opts) => clientOf().get(schema, path, opts),
  post: (schema, path, opts) => clientOf().post(schema, path, opts),
  put: (schema, path, opts) => clientOf().put(schema, path, opts),
  patch: (schema, path, opts) => clientOf().patch(schema, path, opts),
  delete: (schema, path, opts) => clientOf().delete(schema, path, opts),
}

export const apiGet = http.get
export const apiPost = http.post
