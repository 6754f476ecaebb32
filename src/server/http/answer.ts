import type { Context } from 'hono'
import { successInfo } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'
import { i18nFor } from '../i18n.ts'

/** `{resultInfo: SUCCESS, data}` in the caller's language (the portal API's answer). */
export function success(c: Context, data: unknown, extra: Record<string, string> = {}) {
  const i18n = i18nFor(pickLang(c.req.header('accept-language')))
  return c.json({ resultInfo: { ...successInfo(i18n), ...extra }, data })
}
