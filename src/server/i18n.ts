import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Lang } from '@/domain/i18n.ts'
import { messages as enErrors } from '../../locales/en/errors.ts'
import { messages as enServer } from '../../locales/en/server.ts'
import { messages as jaErrors } from '../../locales/ja/errors.ts'
import { messages as jaServer } from '../../locales/ja/server.ts'

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
 * browser loads it too, with the pages that show error texts), `src/server` and the domain texts only the server
 * renders (the lab's and the resolver's) in `server`. Domain code that renders its descriptors takes an `I18n`
 * (`i18nFor(lang)` here, the page's instance in the browser) rather than a language.
 *
 * The server reads those two catalogs as `lingui compile` wrote them (`locales/<lang>/<catalog>.ts`,
 * scripts/compile-catalogs.ts: a Japanese text not translated yet is its English already), never a .po; each language
 * has one immutable I18n instance: a request picks the instance of its language (`i18nFor(lang)`); nothing is activated
 * globally, so concurrent requests in different languages never see each other's language.
 */

const instances: Record<Lang, I18n> = {
  ja: setupI18n({ locale: 'ja', messages: { ja: { ...jaErrors, ...jaServer } satisfies Messages } }),
  en: setupI18n({ locale: 'en', messages: { en: { ...enErrors, ...enServer } satisfies Messages } }),
}

/** The I18n instance of a language. */
export function i18nFor(lang: Lang): I18n {
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
