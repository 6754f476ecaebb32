import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** This feature's messages (their own catalog, lingui.config.ts): every module of the feature with text imports this. */
await loadFeatureCatalog('apireference', (lang) =>
  lang === 'en' ? import('../../../../locales/en/apireference.po') : import('../../../../locales/ja/apireference.po'),
)
