import { useLingui } from '@lingui/react'
import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import type { Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { activate, mirrorStoredLang, saveLang } from '@/web/lib/i18n.ts'

/** Index of each language in the toggle (stored as `langTypeIndex`, spec §3). */
export const languageOrder: readonly Lang[] = ['ja', 'en']

/**
 * The current UI language and a switch that saves it (`lang` jp/en, plus `langType` ja/en and
 * `langTypeIndex` 0/1, the spec's keys) and swaps the Lingui catalog live; content queries are keyed by
 * language, so they refetch on their own; the language cookie (`saveLang`) makes the server's next answer match.
 */
export function useLanguage() {
  const { i18n } = useLingui()
  const router = useRouter()
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'ja'
  const setLang = useCallback(
    async (next: Lang) => {
      saveLang(next)
      try {
        localStorage.setItem(storageKeys.langType, next)
        localStorage.setItem(storageKeys.langTypeIndex, String(languageOrder.indexOf(next)))
      } catch {
        // storage unavailable: the switch lasts for this page
      }
      await activate(next)
      // the page's title and description follow the language (route heads and loaders run again)
      await router.invalidate()
    },
    [router],
  )
  return { lang, setLang }
}

/**
 * Once the page is hydrated: a language saved in localStorage that the cookie does not carry yet (saved before the
 * cookie existed, or written by a webview host under the spec's key) is mirrored into it and the page switches to it,
 * exactly as the language toggle does.
 */
export function useStoredLanguage() {
  const { lang, setLang } = useLanguage()
  useEffect(() => {
    const stored = mirrorStoredLang(lang)
    if (stored) void setLang(stored)
    // once, with the language the server rendered in
  }, [])
}
