import { i18n, type Messages } from '@lingui/core'
import { defaultLang, langCookie, langFromCookieHeader, toStoredLang, type Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { serverRequest } from './server-request.ts'

export { i18n }

/**
 * The language the visitor saved, or null when none was: the `lang` cookie (the mirror of localStorage `lang`, spec §3),
 * which the server sees on the request and the browser in `document.cookie`, so both render the same page.
 */
export function savedLangChoice(): Lang | null {
  return langFromCookieHeader(typeof document === 'undefined' ? serverRequest()?.cookie : document.cookie)
}

/** The saved language (`lang` is `jp` or `en`, spec §3); Japanese by default. */
export function savedLang(): Lang {
  return savedLangChoice() ?? defaultLang
}

/** Writes the language cookie the server renders in; a year, the whole site. */
export function writeLangCookie(lang: Lang) {
  document.cookie = `${langCookie}=${toStoredLang(lang)}; path=/; max-age=31536000; SameSite=Lax`
}

export function saveLang(lang: Lang) {
  writeLangCookie(lang)
  try {
    localStorage.setItem(storageKeys.lang, toStoredLang(lang))
  } catch {
    // storage may be unavailable (private mode); the cookie still carries the choice
  }
}

/**
 * Start-up in the browser: a language saved in localStorage before the cookie existed (or by a webview host that
 * writes the spec's key) is mirrored into the cookie, so the next answer of the server is in it. Returns that
 * language when it differs from the one the server rendered in.
 */
export function mirrorStoredLang(rendered: Lang): Lang | null {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(storageKeys.lang)
  } catch {
    return null
  }
  if (stored !== 'jp' && stored !== 'en') return null
  const lang: Lang = stored === 'en' ? 'en' : 'ja'
  if (savedLangChoice() !== lang) writeLangCookie(lang)
  return lang === rendered ? null : lang
}

type CatalogLoader = (lang: Lang) => Promise<{ messages: Messages }>

/** The tool features' own catalogs loaded so far (lingui.config.ts): a language change loads them again. */
const featureCatalogs = new Map<string, CatalogLoader>()

/**
 * A feature's catalog, awaited at the top of its `catalog.ts` module: the feature's code (a lazy chunk) is ready
 * only with its messages in the current language, on the server and before hydration alike. Content pages never
 * download the messages of the dashboard, the lab or the account forms (docs/performance.md).
 */
export async function loadFeatureCatalog(name: string, load: CatalogLoader) {
  featureCatalogs.set(name, load)
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'ja'
  i18n.load(lang, (await load(lang)).messages)
}

/** Loads the main catalog and every feature catalog already in use (each its own chunk), then switches the language. */
export async function activate(lang: Lang) {
  const [main, ...features] = await Promise.all([
    lang === 'en' ? import('../../../locales/en/messages.po') : import('../../../locales/ja/messages.po'),
    ...[...featureCatalogs.values()].map((load) => load(lang)),
  ])
  i18n.load(lang, main.messages)
  for (const feature of features) i18n.load(lang, feature.messages)
  i18n.activate(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}
