import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { Lang } from '@/domain/i18n.ts'
import { miniAppMessages } from './catalog-texts.ts'

/**
 * The validator's Lingui catalog, usable in the browser (the studio's findings panel) and in Node (the CLI, the
 * server) alike: `locales/{ja,en}/miniapp.po` is the source the translators edit (`npm run i18n`), and
 * `catalog-texts.ts` is its copy as a module, written by `npm run miniapp:catalog` (a test keeps the two equal),
 * because a `.po` import needs Vite and the CLI and the server run under tsx without it. The module has the texts
 * compiled already: Lingui's message compiler (@lingui/message-utils, @messageformat/parser, moo: 6.5 KB gzip) stays
 * out of the browser's bundle — imported here, it sat in the entry chunk of every page, as @lingui/core imports it
 * too (docs/performance.md).
 */
let instances: Partial<Record<Lang, I18n>> = {}

/** The I18n instance of the validator's messages in a language (a Japanese text not translated falls back to English). */
export function miniAppI18n(lang: Lang): I18n {
  const cached = instances[lang]
  if (cached) return cached
  const messages: Messages = lang === 'ja' ? { ...miniAppMessages.en, ...miniAppMessages.ja } : { ...miniAppMessages.en }
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } })
  instances = { ...instances, [lang]: i18n }
  return i18n
}
