import { useLingui } from '@lingui/react'
import { useCallback } from 'react'
import type { Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { activate, saveLang } from '@/web/lib/i18n.ts'

/** Index of each language in the toggle (stored as `langTypeIndex`, spec §3). */
export const languageOrder: readonly Lang[] = ['ja', 'en']

/**
 * The current UI language and a switch that saves it (`lang` jp/en, plus `langType` ja/en and
 * `langTypeIndex` 0/1, the spec's keys) and swaps the Lingui catalog live; content queries are keyed by
 * language, so they refetch on their own.
 */
export function useLanguage() {
  const { i18n } = useLingui()
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'ja'
  const setLang = useCallback(async (next: Lang) => {
    saveLang(next)
    try {
      localStorage.setItem(storageKeys.langType, next)
      localStorage.setItem(storageKeys.langTypeIndex, String(languageOrder.indexOf(next)))
    } catch {
      // storage unavailable: the switch lasts for this page
    }
    await activate(next)
  }, [])
  return { lang, setLang }
}
