import { i18n } from '@lingui/core'
import { defaultLang, fromStoredLang, toStoredLang, type Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'

export { i18n }

/** The saved language (`lang` in localStorage holds `jp` or `en`, spec §3); Japanese by default. */
export function savedLang(): Lang {
  try {
    return fromStoredLang(localStorage.getItem(storageKeys.lang))
  } catch {
    return defaultLang
  }
}

export function saveLang(lang: Lang) {
  try {
    localStorage.setItem(storageKeys.lang, toStoredLang(lang))
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
}

/** Loads a catalog (its own chunk) and switches the UI language. */
export async function activate(lang: Lang) {
  const { messages } = lang === 'en' ? await import('../../../locales/en/messages.po') : await import('../../../locales/ja/messages.po')
  i18n.loadAndActivate({ locale: lang, messages })
  document.documentElement.lang = lang
}
