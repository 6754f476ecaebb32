import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** This feature's messages (their own catalog, lingui.config.ts): every module of the feature with text imports this. */
await loadFeatureCatalog('sandbox', (lang) => (lang === 'en' ? import('../../../../locales/en/sandbox.po') : import('../../../../locales/ja/sandbox.po')))
