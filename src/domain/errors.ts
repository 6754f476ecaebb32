import type { Bilingual, Lang } from './i18n.ts'

/**
 * The error catalogue: every code the server answers with, its HTTP status, the provider's codeId and the
 * message in both languages. Areas register their own entries in `errorCatalogue` below; handlers only ever
 * throw `new ApiError(code)` and the app shapes the answer from this table.
 */
export interface ErrorEntry {
  status: number
  codeId: string
  message: Bilingual
}

export const commonErrors = {
  SUCCESS: { status: 200, codeId: '08100001', message: { en: 'Success', ja: '成功しました' } },
  REQUEST_ACCEPTED: { status: 202, codeId: '08100001', message: { en: 'Request accepted', ja: 'リクエストを受け付けました' } },
  INVALID_PARAMS: {
    status: 400,
    codeId: '08100006',
    message: { en: 'The request contains invalid parameters.', ja: 'リクエストのパラメータが正しくありません。' },
  },
  INVALID_REQUEST_PARAMS: {
    status: 400,
    codeId: '08100006',
    message: { en: 'Request contains invalid data.', ja: 'リクエストに不正なデータが含まれています。' },
  },
  MISSING_REQUEST_PARAMS: {
    status: 400,
    codeId: '08100024',
    message: { en: 'A required parameter is not set.', ja: '必須パラメータが設定されていません。' },
  },
  UNAUTHORIZED: { status: 401, codeId: '08100016', message: { en: 'Unauthorized request', ja: '認証されていないリクエストです。' } },
  OP_OUT_OF_SCOPE: { status: 401, codeId: '08100023', message: { en: 'Operation not permitted', ja: 'この操作は許可されていません。' } },
  RESOURCE_NOT_FOUND: {
    status: 404,
    codeId: '08100007',
    message: { en: 'The requested resource was not found.', ja: '指定されたリソースが見つかりません。' },
  },
  CROSS_SITE_REQUEST: {
    status: 403,
    codeId: '08100403',
    message: {
      en: 'This portal call is accepted only from the portal\'s own pages (or a non-browser client).',
      ja: 'このポータルの呼び出しは、ポータル自身のページ（またはブラウザー以外のクライアント）からのみ受け付けます。',
    },
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    codeId: '08100405',
    message: { en: 'This method is not allowed on this path.', ja: 'このパスではこのメソッドは使用できません。' },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    codeId: '08100413',
    message: { en: 'The request body is too large.', ja: 'リクエストの本文が大きすぎます。' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    codeId: '08100415',
    message: { en: 'The request body must be JSON.', ja: 'リクエストの本文は JSON で送信してください。' },
  },
  RATE_LIMIT: { status: 429, codeId: '08100998', message: { en: 'Too many requests', ja: 'リクエストが多すぎます。' } },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    codeId: '08101000',
    message: {
      en: 'A system error has occurred. Please try again later.',
      ja: 'システムエラーが発生しました。時間を置いて再度お試しください。',
    },
  },
  MAINTENANCE_MODE: { status: 503, codeId: '08100999', message: { en: 'Scheduled maintenance', ja: 'メンテナンス中です。' } },
} as const satisfies Record<string, ErrorEntry>

/** A catalogue entry from its parts (the areas' tables are written with it). */
export const errorOf = (status: number, codeId: string, en: string, ja: string): ErrorEntry => ({ status, codeId, message: { en, ja } })

/** Areas add their tables here (accounts, sandbox, content …) so there is one catalogue to look codes up in. */
export const errorCatalogue: Record<string, ErrorEntry> = { ...commonErrors }

export function registerErrors<T extends Record<string, ErrorEntry>>(entries: T): T {
  Object.assign(errorCatalogue, entries)
  return entries
}

export function errorEntry(code: string): ErrorEntry {
  return errorCatalogue[code] ?? errorCatalogue.INTERNAL_SERVER_ERROR!
}

export function errorMessage(code: string, lang: Lang): string {
  return errorEntry(code).message[lang]
}

export interface ResultInfo {
  code: string
  message: string
  codeId: string
}

/** The `resultInfo` of a catalogue entry (English unless a language is given). */
export function resultInfoOf(code: string, lang: Lang = 'en'): ResultInfo {
  return { code, message: errorMessage(code, lang), codeId: errorEntry(code).codeId }
}

/** The `resultInfo` of a successful answer. */
export const successInfo = (lang: Lang = 'en'): ResultInfo => resultInfoOf('SUCCESS', lang)

/** Thrown by handlers; shaped into `{resultInfo, data}` once, in the server's error handler. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly codeId: string
  readonly data: unknown
  readonly overrideMessage: string | undefined

  constructor(code: string, options: { status?: number; codeId?: string; message?: string; data?: unknown } = {}) {
    const entry = errorEntry(code)
    super(options.message ?? entry.message.en)
    this.name = 'ApiError'
    this.code = code
    this.status = options.status ?? entry.status
    this.codeId = options.codeId ?? entry.codeId
    this.data = options.data ?? null
    this.overrideMessage = options.message
  }

  resultInfo(lang: Lang): ResultInfo {
    return { code: this.code, message: this.overrideMessage ?? errorMessage(this.code, lang), codeId: this.codeId }
  }
}
