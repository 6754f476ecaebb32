import { pagePath } from '@/domain/content.ts'
import { toStoredLang } from '@/domain/i18n.ts'
import { registerComponent } from './components.ts'
import { library, publicPage, summary } from './library.ts'

// spec §7: content components of the documentation area (topMenu/footer/maintenance are the shell's).
registerComponent('leftMenu', async (lang) => library().leftMenu(lang).map((item) => ({ __i18n_lang: toStoredLang(lang), ...item })))

registerComponent('homepage', async (lang) => {
  const home = library().page(lang, 'page', 'home')
  return home ? [publicPage(home)] : []
})

registerComponent('products', async (lang) =>
  library()
    .pages(lang, 'openPaymentApi')
    .map((p) => ({ __i18n_lang: toStoredLang(lang), ...summary(p), path: `/${pagePath(p.type, p.slug)}` })),
)

registerComponent('miniapp', async (lang) =>
  library()
    .pages(lang, 'miniappDocumentation')
    .filter((p) => !p.slug.includes('/'))
    .map((p) => ({ __i18n_lang: toStoredLang(lang), ...summary(p), path: `/${pagePath(p.type, p.slug)}` })),
)
