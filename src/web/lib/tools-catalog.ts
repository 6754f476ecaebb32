import { loadFeatureCatalog } from './i18n.ts'

/**
 * The messages of the signed-in tools' frames (tool-frames.tsx, account-sidebar.tsx) and of the parts only the
 * tools' forms show (new-key-step.tsx, secret-value.tsx, logo-problem.tsx): a catalog of their own (lingui.config.ts),
 * which each of those modules imports, so content pages never download them (docs/performance.md).
 */
await loadFeatureCatalog('tools', (lang) => (lang === 'en' ? import('../../../locales/en/tools.po') : import('../../../locales/ja/tools.po')))
