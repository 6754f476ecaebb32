import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Lang } from '@/domain/i18n.ts'
import { miniAppTexts } from './catalog-texts.ts'

/**
 * The validator's Lingui catalog, usable in the browser (the studio's findings panel) and in Node (the CLI, the
 * server) alike: `locales/{ja,en}/miniapp.po` is the source the translators edit (`npm run i18n`), and
 * `catalog-texts.ts` is its copy as a module, written by `npm run miniapp:catalog` (a test keeps the two equal),
 * because a `.po` import needs Vite and the CLI and the server run under tsx without it.
 */
let instances: Partial<Record<Lang, I18n>> = {}

/** The I18n instance of the validator's messages in a language (a Japanese text not translated falls back to English). */
export function miniAppI18n(lang: Lang): I18n {
  const cached = instances[lang]
  if (cached) return cached
  const texts: Record<string, string> = lang === 'ja' ? { ...miniAppTexts.en, ...miniAppTexts.ja } : { ...miniAppTexts.en }
  const messages: Messages = Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)]))
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } })
  instances = { ...instances, [lang]: i18n }
  return i18n
}
