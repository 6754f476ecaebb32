import type { Context } from 'hono'
import { successInfo } from '@/domain/errors.ts'
import { pickLang } from '@/domain/i18n.ts'

/** `{resultInfo: SUCCESS, data}` in the caller's language (the portal API's answer). */
export function success(c: Context, data: unknown, extra: Record<string, string> = {}) {
  const lang = pickLang(c.req.header('accept-language'))
  return c.json({ resultInfo: { ...successInfo(lang), ...extra }, data })
}
