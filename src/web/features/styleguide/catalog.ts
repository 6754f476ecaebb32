import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** The style guide's messages (their own catalog, lingui.config.ts): every module of its pages with text imports this. */
await loadFeatureCatalog('styleguide', (lang) =>
  lang === 'en' ? import('../../../../locales/en/styleguide.po') : import('../../../../locales/ja/styleguide.po'),
)
