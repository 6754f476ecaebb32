import type { I18n } from '@lingui/core'
import { errorOf as e, type ErrorEntry } from './error-entry.ts'
import { accountErrors } from './errors-accounts.ts'
import { dashboardErrors } from './errors-dashboard.ts'
import { miniAppErrors } from './errors-miniapp.ts'
import { sandboxStateErrors } from './errors-sandbox-state.ts'
import { sandboxErrors } from './errors-sandbox.ts'

export type { ErrorEntry } from './error-entry.ts'

/**
 * The error catalogue: every code the server answers with, its HTTP status, the provider's codeId and its message,
 * a Lingui message descriptor (src/domain/error-entry.ts). Handlers only ever throw `new ApiError(code)` and the app
 * shapes the answer from this table.
 *
 * One `as const` object, assembled from the areas' tables by import (no registration, no side effect): the codes are
 * a compile-time union (`ErrorCode`), so a mistyped code fails the typecheck. The messages are in the portal's main
 * catalog (`locales/{ja,en}/messages.po`, lingui.config.ts), which the browser loads before its first render: every
 * error text is there whichever chunks loaded. Codes that arrive as strings (from the wire, a machine's context, the
 * resolver's input) are checked with `isErrorCode` first, and the caller decides what an unknown code shows.
 */
export const commonErrors = {
  SUCCESS: e(200, '08100001', /*i18n*/ { id: 'error.SUCCESS', message: 'Success' }),
  REQUEST_ACCEPTED: e(202, '08100001', /*i18n*/ { id: 'error.REQUEST_ACCEPTED', message: 'Request accepted' }),
  INVALID_PARAMS: e(
    400,
    '08100006',
    /*i18n*/ {
      id: 'error.INVALID_PARAMS',
      message: 'The request contains invalid parameters.',
    },
  ),
  INVALID_REQUEST_PARAMS: e(
    400,
    '08100006',
    /*i18n*/ {
      id: 'error.INVALID_REQUEST_PARAMS',
      message: 'Request contains invalid data.',
    },
  ),
  MISSING_REQUEST_PARAMS: e(
    400,
    '08100024',
    /*i18n*/ {
      id: 'error.MISSING_REQUEST_PARAMS',
      message: 'A required parameter is not set.',
    },
  ),
  UNAUTHORIZED: e(401, '08100016', /*i18n*/ { id: 'error.UNAUTHORIZED', message: 'Unauthorized request' }),
  OP_OUT_OF_SCOPE: e(401, '08100023', /*i18n*/ { id: 'error.OP_OUT_OF_SCOPE', message: 'Operation not permitted' }),
  RESOURCE_NOT_FOUND: e(
    404,
    '08100007',
    /*i18n*/ {
      id: 'error.RESOURCE_NOT_FOUND',
      message: 'The requested resource was not found.',
    },
  ),
  CROSS_SITE_REQUEST: e(
    403,
    '08100403',
    /*i18n*/ {
      id: 'error.CROSS_SITE_REQUEST',
      message: "This portal call is accepted only from the portal's own pages (or a non-browser client).",
    },
  ),
  UNKNOWN_HOST: e(
    421,
    '08100421',
    /*i18n*/ {
      id: 'error.UNKNOWN_HOST',
      message: 'This server does not answer for this host name. Open it at one of its own addresses (the start-up log lists them).',
    },
  ),
  METHOD_NOT_ALLOWED: e(
    405,
    '08100405',
    /*i18n*/ {
      id: 'error.METHOD_NOT_ALLOWED',
      message: 'This method is not allowed on this path.',
    },
  ),
  PAYLOAD_TOO_LARGE: e(
    413,
    '08100413',
    /*i18n*/ {
      id: 'error.PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    },
  ),
  UNSUPPORTED_MEDIA_TYPE: e(
    415,
    '08100415',
    /*i18n*/ {
      id: 'error.UNSUPPORTED_MEDIA_TYPE',
      message: 'The request body must be JSON.',
    },
  ),
  RATE_LIMIT: e(429, '08100998', /*i18n*/ { id: 'error.RATE_LIMIT', message: 'Too many requests' }),
  INTERNAL_SERVER_ERROR: e(
    500,
    '08101000',
    /*i18n*/ {
      id: 'error.INTERNAL_SERVER_ERROR',
      message: 'A system error has occurred. Please try again later.',
    },
  ),
  MAINTENANCE_MODE: e(503, '08100999', /*i18n*/ { id: 'error.MAINTENANCE_MODE', message: 'Scheduled maintenance' }),
} as const satisfies Record<string, ErrorEntry>

export const errorCatalogue = {
  ...commonErrors,
  ...accountErrors,
  ...dashboardErrors,
  ...sandboxErrors,
  ...sandboxStateErrors,
  ...miniAppErrors,
} as const satisfies Record<string, ErrorEntry>

/** Every code of the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[]

/** Whether a string from outside the type system (the wire, a machine, a query) is a code of the catalogue. */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorCatalogue, value)

export function errorEntry(code: ErrorCode): ErrorEntry {
  return errorCatalogue[code]
}

/** A code's message in the language of `i18n` (the browser's global `i18n`, the server's `i18nFor(lang)`); '' when it has none. */
export function errorMessage(i18n: I18n, code: ErrorCode): string {
  const message = errorEntry(code).message
  return message ? i18n._(message) : ''
}

/** A code's message in the source language, English (the descriptor's own text; the `en` catalog is the same). */
export function errorSourceMessage(code: ErrorCode): string {
  return errorEntry(code).message?.message ?? ''
}

export interface ResultInfo {
  code: string
  message: string
  codeId: string
}

/** The `resultInfo` of a catalogue entry, in the language of `i18n` (English when none is given). */
export function resultInfoOf(code: ErrorCode, i18n?: I18n): ResultInfo {
  return { code, message: i18n ? errorMessage(i18n, code) : errorSourceMessage(code), codeId: errorEntry(code).codeId }
}

/** The `resultInfo` of a successful answer. */
export const successInfo = (i18n?: I18n): ResultInfo => resultInfoOf('SUCCESS', i18n)

/**
 * What the server's error handler shapes into `{resultInfo, data}` (once, in src/server/app.ts): an `ApiError` of the
 * catalogue, or a `PublishedError` the sandbox answers on request.
 */
export abstract class ShapedError extends Error {
  abstract readonly code: string
  abstract readonly status: number
  abstract readonly codeId: string
  abstract readonly data: unknown
  /** The answer's `resultInfo` in the language of `i18n` (English when none is given). */
  abstract resultInfo(i18n?: I18n): ResultInfo
}

/** Thrown by handlers with a code of the catalogue; status, codeId and message come from its entry unless given. */
export class ApiError<Code extends ErrorCode = ErrorCode> extends ShapedError {
  readonly code: Code
  readonly status: number
  readonly codeId: string
  readonly data: unknown
  readonly overrideMessage: string | undefined

  constructor(code: Code, options: { status?: number; codeId?: string; message?: string; data?: unknown } = {}) {
    // the type rules out unknown codes; a cast string that is not one fails here rather than answering a silent 500
    if (!isErrorCode(code)) throw new TypeError(`ApiError: ${JSON.stringify(code)} is not a code of the error catalogue`)
    super(options.message ?? errorSourceMessage(code))
    this.name = 'ApiError'
    this.code = code
    this.status = options.status ?? errorEntry(code).status
    this.codeId = options.codeId ?? errorEntry(code).codeId
    this.data = options.data ?? null
    this.overrideMessage = options.message
  }

  resultInfo(i18n?: I18n): ResultInfo {
    return { code: this.code, message: this.overrideMessage ?? (i18n ? errorMessage(i18n, this.code) : errorSourceMessage(this.code)), codeId: this.codeId }
  }
}

/**
 * An error of the provider's published tables, given in full (code, status, codeId, English message): the sandbox
 * answers it when asked to (`X-Sandbox-Force`, src/domain/sandbox-force.ts). Its code may be one only the real
 * provider answers, outside this server's catalogue, so it is not an `ApiError`.
 */
export class PublishedError extends ShapedError {
  readonly code: string
  readonly status: number
  readonly codeId: string
  readonly data: unknown = null

  constructor(published: { code: string; status: number; codeId: string; message: string }) {
    super(published.message)
    this.name = 'PublishedError'
    this.code = published.code
    this.status = published.status
    this.codeId = published.codeId
  }

  resultInfo(): ResultInfo {
    return { code: this.code, message: this.message, codeId: this.codeId }
  }
}
