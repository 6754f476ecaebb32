import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'
import type { Lang } from '@/domain/i18n.ts'

/**
 * Lingui on the server: the one translation system for every text a person reads, the portal's pages and the server's
 * own words alike (error messages, the simulated wallet's pages, mail).
 *
 * Server code runs without the Lingui macros (no Babel under tsx), so its texts are plain message descriptors with an
 * explicit id, marked for the extractor with an `i18n` comment:
 *
 *     const paymentTitle = [slash-star]i18n[star-slash] { id: 'wallet.paymentTitle', message: 'Payment' }
 *     t(lang, paymentTitle)
 *
 * `npm run i18n` extracts them into `locales/{ja,en}/*.po` like the portal's messages; the Japanese text is the
 * `msgstr` of `locales/ja`. lingui.config.ts decides the catalog: the error catalogue's messages in `errors` (the
 * browser loads it with the module that shows error texts), `src/server` and the domain texts only the server renders
 * (the lab's and the resolver's) in `server`, other `src/domain` texts in the main catalog. Domain code that renders its descriptors takes an `I18n` (`i18nFor(lang)`
 * here, the browser's global instance there) rather than a language.
 *
 * The catalogs are read once per process, on first use, and each language has one immutable I18n instance: a
 * request picks the instance of its language (`i18nFor(lang)`); nothing is activated globally, so concurrent
 * requests in different languages never see each other's language.
 */

const localesDir = join(import.meta.dirname, '..', '..', 'locales')

/** Every explicit-id message of a language's catalogs, as written (not yet compiled). */
function readCatalogs(lang: Lang): Record<string, string> {
  const texts: Record<string, string> = {}
  const dir = join(localesDir, lang)
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.po'))
    .sort()) {
    const po = PO.parse(readFileSync(join(dir, name), 'utf8'))
    for (const item of po.items) {
      // explicit ids (server and domain descriptors) are their msgid; the portal's generated ids are the browser's
      if (item.obsolete || !item.extractedComments.includes('js-lingui-explicit-id')) continue
      const text = item.msgstr[0]
      if (text) texts[item.msgid] = text
    }
  }
  return texts
}

let instances: Record<Lang, I18n> | undefined

function load(): Record<Lang, I18n> {
  const en = readCatalogs('en')
  // a Japanese text not translated yet falls back to English (lingui.config.ts: fallbackLocales)
  const ja = { ...en, ...readCatalogs('ja') }
  const compiled = (texts: Record<string, string>): Messages => Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)]))
  return {
    ja: setupI18n({ locale: 'ja', messages: { ja: compiled(ja) } }),
    en: setupI18n({ locale: 'en', messages: { en: compiled(en) } }),
  }
}

/** The I18n instance of a language (catalogs loaded on first use). */
export function i18nFor(lang: Lang): I18n {
  instances ??= load()
  return instances[lang]
}

/**
 * A descriptor's text in a language, with `{name}` placeholders filled from `values`. A descriptor missing from the
 * catalogs (not yet extracted) falls back to its own `message`, so a new text shows in English rather than its id.
 */
export function t(lang: Lang, descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  const i18n = i18nFor(lang)
  if (descriptor.id && !(descriptor.id in i18n.messages)) {
    return setupI18n({ locale: lang, messages: { [lang]: { [descriptor.id]: compileMessage(descriptor.message ?? descriptor.id) } } })._(descriptor.id, values)
  }
  return i18n._(descriptor.id!, values)
}

/** Forgets the loaded catalogs (tests that rewrite a catalog). */
export function reloadCatalogs() {
  instances = undefined
}
