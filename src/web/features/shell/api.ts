import { hashKey, queryOptions, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import * as v from 'valibot'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { footerSchema, maintenanceSchema, siteConfigSchema, topMenuGroupSchema } from '@/domain/site.ts'
import { envelope, http } from '@/web/lib/http.ts'
import { shellKeys } from './keys.ts'

const componentsPath = '/dev/config/v2/components'

/** spec §2 Maintenance: fetched once per language (staleTime Infinity); an answer without items means "off". */
export const maintenanceQuery = (lang: Lang) =>
  queryOptions({
    queryKey: shellKeys.maintenance(lang),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const body = await http.get(envelope(v.object({ 'maintenance.metadata': v.array(maintenanceSchema) })), componentsPath, {
        query: { type: 'maintenance.metadata', lang: toStoredLang(lang) },
        timeout: 'short',
        signal,
      })
      return body.data['maintenance.metadata'][0] ?? { maintenanceMode: false, maintenanceDesc: [] }
    },
  })

/** Host rules, passcode rule and error-report endpoint (`GET /dev/config/site`). */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: shellKeys.site(),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => (await http.get(envelope(siteConfigSchema), '/dev/config/site', { timeout: 'short', signal })).data,
  })

/** Top menu and footer of one language (components `topMenu` and `footer`), in one request. */
export const chromeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: shellKeys.chrome(lang),
    staleTime: 30 * 60_000,
    queryFn: async ({ signal }) => {
      const body = await http.get(envelope(v.object({ topMenu: v.array(topMenuGroupSchema), footer: v.array(footerSchema) })), componentsPath, {
        query: { type: ['topMenu', 'footer'], lang: toStoredLang(lang) },
        signal,
      })
      return { topMenu: body.data.topMenu, footer: body.data.footer[0] ?? null }
    },
  })

/** The chrome queries the server left out of this page's hydration data (the browser's: one page, one set). */
const keptChrome = new Set<string>()

/**
 * The server's hydration data without the header's and footer's menus (issue 19: a page carries its content once; an
 * option of the query integration's dehydration, src/web/router.tsx): their HTML shows them (`KeptMarkup` in the top
 * menu and the footer keeps it), and their data is asked for only when a menu is opened (or pointed at, or focused).
 * The left-out queries' hashes are passed to the browser (`keepChromeOut`).
 */
export const chromeLeftOut = (query: Query) => {
  const [scope, name] = query.queryKey
  return scope === shellKeys.all[0] && name === 'chrome' && query.state.status === 'success'
}

/** The browser, hydrating: the hashes of the queries left out (`chromeLeftOut`; others' hashes are ignored). */
export function keepChromeOut(hashes: readonly string[]) {
  for (const hash of hashes) keptChrome.add(hash)
}

/** The chrome of `lang` was left out of the hydration data and has not been asked for since. */
const chromeKept = (queryClient: QueryClient, lang: Lang) => {
  const { queryKey } = chromeQuery(lang)
  return keptChrome.has(hashKey(queryKey)) && queryClient.getQueryData(queryKey) === undefined
}

/** The layout's loader: the header's and footer's data, unless the page's HTML shows them (then a menu asks for it). */
export function loadChrome(queryClient: QueryClient, lang: Lang): Promise<void> | undefined {
  return chromeKept(queryClient, lang) ? undefined : queryClient.prefetchQuery(chromeQuery(lang))
}

/**
 * The header's and footer's menus. `kept`: their HTML is the server's and their data not here yet; `load` asks for
 * it (at once on a warm cache) and resolves when it is here.
 */
export function useChrome(lang: Lang) {
  const queryClient = useQueryClient()
  const options = chromeQuery(lang)
  const kept = chromeKept(queryClient, lang)
  const query = useQuery({ ...options, enabled: !kept })
  const load = useCallback(
    () =>
      queryClient.ensureQueryData(chromeQuery(lang)).then(
        () => undefined,
        () => undefined,
      ),
    [queryClient, lang],
  )
  return { data: query.data, kept: kept && query.data === undefined, load }
}
