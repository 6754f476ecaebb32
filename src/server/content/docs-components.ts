import { pagePath } from '@/domain/content.ts'
import { toStoredLang } from '@/domain/i18n.ts'
import type { ComponentProvider } from './components.ts'
import { library, publicPage, summary } from './library.ts'

/** spec §7: content components of the documentation area (topMenu/footer/maintenance are the shell's). */
export const docsComponents: Readonly<Record<string, ComponentProvider>> = {
  leftMenu: async (lang) => (await library()).leftMenu(lang).map((item) => ({ __i18n_lang: toStoredLang(lang), ...item })),

  homepage: async (lang) => {
    const home = (await library()).page(lang, 'page', 'home')
    return home ? [publicPage(home)] : []
  },

  products: async (lang) =>
    (await library())
      .pages(lang, 'openPaymentApi')
      .filter((p) => p.slug !== 'index')
      .map((p) => ({ __i18n_lang: toStoredLang(lang), ...summary(p), path: `/${pagePath(p.type, p.slug)}` })),

  miniapp: async (lang) =>
    (await library())
      .pages(lang, 'miniappDocumentation')
      .filter((p) => p.slug !== 'index' && !p.slug.includes('/'))
      .map((p) => ({ __i18n_lang: toStoredLang(lang), ...summary(p), path: `/${pagePath(p.type, p.slug)}` })),
}
