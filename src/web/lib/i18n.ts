import { i18n as browserI18n, setupI18n, type I18n, type Messages } from '@lingui/core'
import { defaultLang, langCookie, langFromCookieHeader, toStoredLang, type Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'

/**
 * The browser's one Lingui instance (main.tsx hands it to the router, which passes it down through `I18nProvider` and
 * the router context). Components read the instance of their page with `useLingui()`, route functions with
 * `context.i18n` / `match.context.i18n`: the server renders every request with its own instance (`requestI18n`), so
 * nothing that runs during a render may read this one.
 */
export { browserI18n }

/** The language of an instance as the portal names it. */
export const langOf = (i18n: I18n): Lang => (i18n.locale === 'en' ? 'en' : 'ja')

/**
 * The language a visitor saved, or null when none was: the `lang` cookie (the mirror of localStorage `lang`, spec §3),
 * which the server reads from the request's `Cookie` header and the browser from `document.cookie`, so both render
 * the same page.
 */
export function savedLangChoice(cookieHeader: string | null | undefined = typeof document === 'undefined' ? null : document.cookie): Lang | null {
  return langFromCookieHeader(cookieHeader)
}

/** The saved language (`lang` is `jp` or `en`, spec §3); Japanese by default. */
export function savedLang(cookieHeader?: string | null): Lang {
  return savedLangChoice(cookieHeader) ?? defaultLang
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

const mainCatalog: CatalogLoader = (lang) => (lang === 'en' ? import('../../../locales/en/messages.po') : import('../../../locales/ja/messages.po'))

/**
 * The tool features' own catalogs known so far (lingui.config.ts), by name: which loader reads a feature's messages
 * (code, the same for every request). In the browser a language change loads them again; the server renderer imports
 * every feature's catalog module at start, so each request's instance gets all of them.
 */
const featureCatalogs = new Map<string, CatalogLoader>()

const isBrowser = typeof document !== 'undefined'

/**
 * A feature's catalog, awaited at the top of its `catalog.ts` module: in the browser the feature's code (a lazy chunk)
 * is ready only with its messages in the current language, before hydration too. Content pages never download the
 * messages of the dashboard, the lab or the account forms (docs/performance.md). On the server it only registers the
 * loader (`requestI18n` loads it into each request's instance).
 */
export async function loadFeatureCatalog(name: string, load: CatalogLoader) {
  featureCatalogs.set(name, load)
  if (!isBrowser) return
  const lang = langOf(browserI18n)
  browserI18n.load(lang, (await load(lang)).messages)
}

async function loadAll(i18n: I18n, lang: Lang) {
  const [main, ...features] = await Promise.all([mainCatalog(lang), ...[...featureCatalogs.values()].map((load) => load(lang))])
  i18n.load(lang, main.messages)
  for (const feature of features) i18n.load(lang, feature.messages)
  i18n.activate(lang)
}

/** Browser: loads the main catalog and every feature catalog already in use (each its own chunk), then switches the language. */
export async function activate(lang: Lang) {
  await loadAll(browserI18n, lang)
  document.documentElement.lang = lang
}

/** Server: a new instance for one request, in `lang`, with the main catalog and every registered feature catalog. */
export async function requestI18n(lang: Lang): Promise<I18n> {
  const i18n = setupI18n()
  await loadAll(i18n, lang)
  return i18n
}
