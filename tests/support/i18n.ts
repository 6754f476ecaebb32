/**
 * The server's per-language Lingui instances (src/server/i18n.ts, catalogs in locales/) for tests of domain code that
 * renders descriptors in a language, such as the resolver's and the lab's texts (domain code takes an `I18n`).
 */
export { i18nFor } from '@/server/i18n.ts'
