import { useLingui } from '@lingui/react'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { pageSummarySchema } from '@/domain/content.ts'
import { toStoredLang } from '@/domain/i18n.ts'
import { envelope, http } from '@/web/lib/http.ts'
import { quiet } from '@/web/lib/progress.ts'
import { styleguideKeys } from './keys.ts'

/** The style-guide pages' titles and descriptions from content (`styleguide/<group>/<name>.md`). */
export function useStyleguidePages() {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  return useQuery({
    queryKey: styleguideKeys.pages(lang),
    queryFn: async ({ signal }) =>
      (await http.get(envelope(v.array(pageSummarySchema)), '/dev/designSystem/content', { signal, query: { lang: toStoredLang(lang) } })).data,
    staleTime: 5 * 60_000,
    ...quiet,
  })
}
