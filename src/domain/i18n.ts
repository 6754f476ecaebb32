/** Languages of the portal. The UI speaks `ja`/`en`; storage and the content API say `jp`/`en` (spec §3). */
export type Lang = 'ja' | 'en'
export type StoredLang = 'jp' | 'en'
export const defaultLang: Lang = 'ja'

export const toStoredLang = (lang: Lang): StoredLang => (lang === 'ja' ? 'jp' : 'en')
export const fromStoredLang = (value: string | null | undefined): Lang => (value === 'en' ? 'en' : 'ja')

/** Picks a language from an `Accept-Language` header or a `lang` query value (`jp`/`ja`/`en`). */
export function pickLang(value: string | null | undefined): Lang {
  if (!value) return defaultLang
  const first = value.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'ja'
}

/**
 * The cookie that mirrors localStorage `lang` (same `jp`/`en` values) so the server renders in the saved language
 * (issue 10). It is written whenever the language is saved; the server never sets it.
 */
export const langCookie = 'lang'

/** The saved language in a `Cookie` header (`lang=jp|en`), or null when none was saved. */
export function langFromCookieHeader(header: string | null | undefined): Lang | null {
  const match = /(?:^|;\s*)lang=(jp|en)(?:;|$)/.exec(header ?? '')
  return match ? fromStoredLang(match[1]) : null
}
