import { queryOptions } from '@tanstack/react-query'
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
