import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Lang } from '@/domain/i18n.ts'
import { messages as enErrors } from '../../locales/en/errors.ts'
import { messages as enServer } from '../../locales/en/server.ts'
import { messages as jaErrors } from '../../locales/ja/errors.ts'
import { messages as jaServer } from '../../locales/ja/server.ts'

/**
 * The command line's Lingui: the same compiled catalogs as the server (locales/<lang>/server.ts holds the CLI's own
 * words — lingui.config.ts extracts src/cli into the server catalog — and the resolver's explanations; errors.ts the
 * error catalogue's messages), so a text has one source whichever side prints it. Bundled into dist/cli/paylab.js.
 */
const instances: Record<Lang, I18n> = {
  ja: setupI18n({ locale: 'ja', messages: { ja: { ...jaErrors, ...jaServer } satisfies Messages } }),
  en: setupI18n({ locale: 'en', messages: { en: { ...enErrors, ...enServer } satisfies Messages } }),
}

export const i18nFor = (lang: Lang): I18n => instances[lang]

/** A descriptor's text in a language; one not extracted yet falls back to its own English message. */
export function t(lang: Lang, descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  const i18n = i18nFor(lang)
  if (descriptor.id && !(descriptor.id in i18n.messages)) {
    return setupI18n({ locale: lang, messages: { [lang]: { [descriptor.id]: compileMessage(descriptor.message ?? descriptor.id) } } })._(descriptor.id, values)
  }
  return i18n._(descriptor.id!, values)
}
