import { i18n as browserI18n, setupI18n, type I18n, type Messages } from '@lingui/core'
import { lazy, type ComponentType } from 'react'
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

/**
 * The portal's message catalogs (lingui.config.ts) by name: the main one (the shell and the content pages), the error
 * catalogue's messages, and one per tool feature or lazily shown part. `lingui compile` writes each as a module beside
 * its .po (`locales/<lang>/<name>.ts`, scripts/compile-catalogs.ts); here each language of each is its own chunk,
 * loaded by the routes that show its texts (`catalogLoader`), so content pages never download the dashboard's, the
 * lab's or the account forms' messages (docs/performance.md). The server's own catalogs (`server`, `miniapp`) are not
 * among them: the mini-app validator imports its own (src/domain/miniapp/catalog.ts).
 */
export const catalogNames = [
  'messages',
  'errors',
  'tools',
  'account',
  'apireference',
  'cake-shop',
  'catalogue',
  'dashboard',
  'demopanel',
  'flows',
  'lab',
  'miniapp-request',
  'miniapp-studio',
  'resolver',
  'sandbox',
  'styleguide',
  'styleguide-examples',
] as const
export type CatalogName = (typeof catalogNames)[number]

type CatalogModule = { messages: Messages }
const compiled = import.meta.glob<CatalogModule>(['../../../locales/*/*.ts', '!**/server.ts', '!**/miniapp.ts'])
const moduleOf = (lang: Lang, name: CatalogName) => {
  const load = compiled[`../../../locales/${lang}/${name}.ts`]
  if (!load) throw new Error(`no compiled catalog ${lang}/${name} (npm run i18n:compile)`)
  return load()
}

/** Per Lingui instance: each catalog loaded (or loading) into it, by language and name. */
const loading = new WeakMap<I18n, Map<string, Promise<void>>>()

function loadOne(i18n: I18n, lang: Lang, name: CatalogName): Promise<void> {
  let ofInstance = loading.get(i18n)
  if (!ofInstance) loading.set(i18n, (ofInstance = new Map()))
  const key = `${lang}/${name}`
  let loaded = ofInstance.get(key)
  if (!loaded) {
    loaded = moduleOf(lang, name).then((module) => i18n.load(lang, module.messages))
    // a chunk that failed to load (a deployment in between: lib/chunk-errors.ts) is asked for again next time
    loaded.catch(() => ofInstance.delete(key))
    ofInstance.set(key, loaded)
  }
  return loaded
}

/** Loads catalogs into an instance in its current language (each once: a second call for the same one costs nothing). */
export async function loadCatalogs(i18n: I18n, names: readonly CatalogName[]): Promise<void> {
  const lang = langOf(i18n)
  await Promise.all(names.map((name) => loadOne(i18n, lang, name)))
}

/** The catalogs loaded into an instance so far, in any language (what the server tells the browser with the page). */
export function loadedCatalogs(i18n: I18n): CatalogName[] {
  const names = [...(loading.get(i18n)?.keys() ?? [])].map((key) => key.slice(key.indexOf('/') + 1) as CatalogName)
  return [...new Set(names)]
}

/**
 * A route's loader of the catalogs its pages show: `loader: catalogLoader(['dashboard', 'errors'])` (a route that loads
 * more calls `loadCatalogs(context.i18n, …)` in its own loader). The route's component renders once they are in the
 * page's instance (`context.i18n`): on the server before the HTML is written, in the browser before a navigation shows
 * the page; on hydration the router's `hydrate` loads what the server had (src/web/router.tsx). The root route loads
 * the main catalog for every page.
 */
export const catalogLoader =
  (names: readonly CatalogName[]) =>
  ({ context }: { context: { i18n: I18n } }) =>
    loadCatalogs(context.i18n, names)

/**
 * A component the browser loads on first render (`React.lazy`) together with the catalogs it shows, into the browser's
 * instance: the cake shop behind the docs' demo button, the profile dropdown of a signed-in visitor. Neither renders
 * on the server.
 */
export function lazyWithCatalogs<P extends object>(names: readonly CatalogName[], load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadCatalogs(browserI18n, names)])
    return { default: component }
  })
}

/** Browser: loads every catalog the page uses in the new language, then switches to it. */
export async function activate(lang: Lang) {
  await Promise.all(loadedCatalogs(browserI18n).map((name) => loadOne(browserI18n, lang, name)))
  browserI18n.activate(lang)
  document.documentElement.lang = lang
}

/** Server: a new instance for one request, in `lang`; the matched routes load its catalogs. */
export function requestI18n(lang: Lang): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: {} } })
}
