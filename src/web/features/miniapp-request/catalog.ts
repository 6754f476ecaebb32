import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** This feature's messages (their own catalog, lingui.config.ts): every module of the feature with text imports this. */
await loadFeatureCatalog('miniapp-request', (lang) =>
  lang === 'en' ? import('../../../../locales/en/miniapp-request.po') : import('../../../../locales/ja/miniapp-request.po'),
)
