import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** The texts of the components' live examples (component-examples.tsx): a catalog of their own, lingui.config.ts. */
await loadFeatureCatalog('styleguide-examples', (lang) =>
  lang === 'en' ? import('../../../../locales/en/styleguide-examples.po') : import('../../../../locales/ja/styleguide-examples.po'),
)
