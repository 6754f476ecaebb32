import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError, ShapedError } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'
import { i18nFor } from '../i18n.ts'
import type { Logger } from '../logger.ts'
import { dbErrorFields } from '../store/db.ts'

const requestIdOf = (c: Context) => c.get('requestId') as string | undefined

/**
 * Every failure as `{resultInfo: {code, message, codeId}, data}` in the caller's language: an `ApiError` (or a
 * `PublishedError`) as thrown, Hono's own 4xx (a malformed body …) as INVALID_PARAMS or PAYLOAD_TOO_LARGE, anything else a logged
 * INTERNAL_SERVER_ERROR with the request id. Used by the app and by the sandbox app of in-process calls.
 */
export function answerError(log: Logger): ErrorHandler {
  return (error, c) => {
    const i18n = i18nFor(pickLang(c.req.header('accept-language')))
    const rid = requestIdOf(c)
    if (error instanceof ShapedError) {
      if (error.status >= 500) log.error('api error', { requestId: rid, code: error.code, stack: error.stack })
      return c.json({ resultInfo: error.resultInfo(i18n), data: error.data }, error.status as 400)
    }
    if (error instanceof HTTPException && error.status < 500) {
      const shaped = new ApiError(error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_PARAMS', { status: error.status })
      return c.json({ resultInfo: shaped.resultInfo(i18n), data: null }, error.status)
    }
    // The client went away (closed the tab, timed out) while we read its body or worked: nobody is left to
    // answer, and it is not a fault of the server.
    if (c.req.raw.signal.aborted || (error as Error).name === 'AbortError') {
      log.info('request aborted', { requestId: rid, method: c.req.method, path: c.req.path })
      return new Response(null, { status: 499 })
    }
    // a database's error says what failed in its SQLSTATE and cause, which drizzle's message (the query) leaves out
    log.error('unhandled error', { requestId: rid, error: String(error), ...dbErrorFields(error), stack: (error as Error).stack })
    const internal = new ApiError('INTERNAL_SERVER_ERROR')
    return c.json({ resultInfo: internal.resultInfo(i18n), data: { requestId: rid } }, 500)
  }
}

/** No route: RESOURCE_NOT_FOUND in the error shape. */
export const answerNotFound: NotFoundHandler = (c) => {
  const i18n = i18nFor(pickLang(c.req.header('accept-language')))
  return c.json({ resultInfo: new ApiError('RESOURCE_NOT_FOUND').resultInfo(i18n), data: null }, 404)
}
