import { setupI18n, type I18n } from '@lingui/core'
import type { Lang } from '@/domain/i18n.ts'
import { messages as en } from '../../../locales/en/miniapp.ts'
import { messages as ja } from '../../../locales/ja/miniapp.ts'

/**
 * The validator's Lingui catalog, usable in the browser (the studio's findings panel) and in Node (the CLI, the
 * server) alike: `locales/{ja,en}/miniapp.po` is the source the translators edit (`npm run i18n`), and both sides import
 * it as `lingui compile` wrote it (`locales/<lang>/miniapp.ts`, scripts/compile-catalogs.ts; a Japanese text not
 * translated yet is its English already). Compiled messages need no message compiler: Lingui's (@lingui/message-utils,
 * @messageformat/parser, moo: 6.5 KB gzip) stays out of the browser's bundle (docs/performance.md).
 */
let instances: Partial<Record<Lang, I18n>> = {}

/** The I18n instance of the validator's messages in a language. */
export function miniAppI18n(lang: Lang): I18n {
  const cached = instances[lang]
  if (cached) return cached
  const i18n = setupI18n({ locale: lang, messages: { [lang]: lang === 'ja' ? ja : en } })
  instances = { ...instances, [lang]: i18n }
  return i18n
}
