import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/** Features whose messages are not on a content page's first load: each has its own catalog. */
const featureCatalogs = ['account', 'apireference', 'catalogue', 'dashboard', 'demopanel', 'lab', 'resolver', 'sandbox']

/**
 * Texts of src/domain that only the server renders: the lab's endpoint names and scenario titles and the resolver's
 * explanations reach the browser as JSON already in the asked language (`/dev/paylablab/{group}`, `/dev/v1/resolve`),
 * so they live in the server catalog, not in the main catalog every page downloads.
 */
const serverRenderedDomain = ['src/domain/lab.ts', 'src/domain/resolver.ts']

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ja', 'en'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  // One catalog for the shell and the content pages (loaded before the first render), and one per tool feature,
  // loaded with the feature's code (src/web/lib/i18n.ts `loadFeatureCatalog`, docs/performance.md).
  catalogs: [
    // src/domain holds the texts both sides show (error messages): the browser has them with its first load
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/web', 'src/domain'],
      exclude: [...featureCatalogs.map((f) => `src/web/features/${f}/**`), ...serverRenderedDomain],
    },
    // the server's own texts (the simulated wallet's pages, mail): read by src/server/i18n.ts, never sent to a browser
    { path: '<rootDir>/locales/{locale}/server', include: ['src/server', ...serverRenderedDomain] },
    ...featureCatalogs.map((f) => ({ path: `<rootDir>/locales/{locale}/${f}`, include: [`src/web/features/${f}`] })),
  ],
})
