import { loadFeatureCatalog } from '@/web/lib/i18n.ts'

/** The cake shop's messages (their own catalog, lingui.config.ts), awaited by its lazy chunk (cake-shop.tsx). */
await loadFeatureCatalog('cake-shop', (lang) =>
  lang === 'en' ? import('../../../../../locales/en/cake-shop.po') : import('../../../../../locales/ja/cake-shop.po'),
)
