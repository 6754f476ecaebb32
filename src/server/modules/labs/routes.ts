import { Hono } from 'hono'
import { labParams, labQuery, resolveQuery } from '@/domain/dashboard-api.ts'
import { pickLang, type Lang } from '@/domain/i18n.ts'
import { labContent } from '@/domain/lab-content.ts'
import { limits } from '@/domain/limits.ts'
import { resolveCode } from '@/domain/resolver.ts'
import type { AppDeps } from '../../deps.ts'
import { TtlLruCache } from '../../content/cache.ts'
import { i18nFor } from '../../i18n.ts'
import { invalidParams, paramsIn, queryIn } from '../../http/validator.ts'
import { success } from '../../http/answer.ts'
import { describe } from '../../http/openapi.ts'

const langOf = (lang: string | undefined, header: string | undefined): Lang => (lang ? (lang === 'en' ? 'en' : 'ja') : pickLang(header))

/**
 * The payment lab's endpoint lists (`/dev/paylablab/{group}?lang=`, spec §7: cached, 500 entries for 30 minutes)
 * and the response-code resolver (`/dev/v1/resolve`). Both are public reference data (the pages that use them need
 * sign-in; the data does not). docs/dashboard.md.
 */
export function labsRoutes(deps: AppDeps) {
  const paylablab = new Hono()
  const resolve = new Hono()
  const cache = new TtlLruCache<ReturnType<typeof labContent>>(limits.contentCache.maxEntries, limits.contentCache.ttlMs, () => deps.clock.nowMs())

  const lists = describe({
    tag: 'Developer tools',
    summary: 'Lab endpoints per product model with scenarios and responses (cached 30 minutes)',
  })
  paylablab.get('/:group', lists, paramsIn(labParams, invalidParams('RESOURCE_NOT_FOUND')), queryIn(labQuery), async (c) => {
    const { group } = c.req.valid('param')
    const { lang } = c.req.valid('query')
    const chosen = langOf(lang, c.req.header('accept-language'))
    return success(c, await cache.getOrLoad(`${group}:${chosen}`, () => labContent(group, i18nFor(chosen))))
  })

  const explain = describe({
    tag: 'Developer tools',
    summary: 'Explain a response code: meaning, likely cause, fix, where the lab reproduces it; near matches when unknown',
  })
  resolve.get('/', explain, queryIn(resolveQuery), (c) => {
    const q = c.req.valid('query')
    return success(c, resolveCode({ code: q.code, codeId: q.code_id, apiName: q.api_name }, i18nFor(langOf(q.lang, c.req.header('accept-language')))))
  })

  return { dev: { '/paylablab': paylablab }, devV1: { '/resolve': resolve } }
}
