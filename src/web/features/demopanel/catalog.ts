import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** This feature's messages (their own catalog, lingui.config.ts): every module of the feature with text imports this. */
await loadFeatureCatalog('demopanel', (lang) => (lang === 'en' ? import('../../../../locales/en/demopanel.po') : import('../../../../locales/ja/demopanel.po')))
