import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/** Features whose messages are not on a content page's first load: each has its own catalog. */
const featureCatalogs = [
  'account',
  'apireference',
  'catalogue',
  'dashboard',
  'demopanel',
  'flows',
  'lab',
  'miniapp-request',
  'miniapp-studio',
  'resolver',
  'sandbox',
]
/**
 * Parts of a feature with a catalog of their own, read by the part's lazy chunk: the style guide's pages (its
 * components' live examples apart: a global-rule page never shows them) and the cake shop behind the docs'
 * payment-demo button. What the entry chunk renders stays in the main catalog: the style guide's page names
 * (`names.ts`, the routes' titles) and the demo's button (`checkout-demo.tsx`). In the main catalog these were more
 * than half of its messages, downloaded by every page (docs/performance.md).
 */
const styleguideParts = 'src/web/features/styleguide/components/*.tsx'
const styleguideExamples = 'src/web/features/styleguide/components/component-example*.tsx'
const cakeShop = 'src/web/features/docs/checkout/components/cake-shop*.tsx'
/** The signed-in tools' frames and the parts only their forms show: one catalog, `tools`, loaded by the tools' routes. */
const toolParts = [
  'src/web/features/shell/components/tool-frames.tsx',
  'src/web/features/shell/components/account-sidebar.tsx',
  'src/web/ui/new-key-step.tsx',
  'src/web/ui/secret-value.tsx',
  'src/web/ui/logo-problem.tsx',
]
/** The error catalogue's messages (src/domain/errors.ts and its areas): their own catalog, see below. */
const errorCatalogue = ['src/domain/error-entry.ts', 'src/domain/errors.ts', 'src/domain/errors-*.ts']

/**
 * Texts of src/domain that only the server renders: the lab's endpoint names and scenario titles and the resolver's
 * explanations reach the browser as JSON already in the asked language (`/dev/paylablab/{group}`, `/dev/v1/resolve`),
 * so they live in the server catalog, not in the main catalog every page downloads.
 */
const serverRenderedDomain = ['src/domain/lab.ts', 'src/domain/lab-content.ts', 'src/domain/resolver.ts', 'src/domain/resolver/*.ts']
/**
 * The mini-app validator's findings (issue 21): shown by the studio, `npm run miniapp:validate` and the server, so
 * read from a module both sides import (src/domain/miniapp/catalog.ts), not from the main catalog.
 */
const miniAppDomain = ['src/domain/miniapp']

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ja', 'en'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  // One catalog for the shell and the content pages (the root route loads it for every page), and one per tool feature
  // or part, loaded by the routes whose pages show it (src/web/lib/i18n.ts `catalogLoader`, docs/performance.md).
  // `lingui compile --typescript` writes each beside its .po as `<name>.ts` (scripts/compile-catalogs.ts, git-ignored).
  catalogs: [
    // src/domain holds texts both sides show: the browser has them with its first load
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/web', 'src/domain'],
      exclude: [
        ...featureCatalogs.map((f) => `src/web/features/${f}/**`),
        styleguideParts,
        cakeShop,
        ...toolParts,
        ...serverRenderedDomain,
        ...errorCatalogue,
        ...miniAppDomain.map((d) => `${d}/**`),
      ],
    },
    // every error code's message, for the server's answers and the portal's alerts: the browser loads the whole catalog
    // on the routes whose pages show error texts (src/web/lib/error-text.ts), so such a page has every code's text;
    // content pages, which show none, do not download it (docs/performance.md: 2.4 KB gzip)
    { path: '<rootDir>/locales/{locale}/errors', include: errorCatalogue },
    // the validator's rules (src/domain/miniapp/messages.ts), imported compiled by src/domain/miniapp/catalog.ts
    { path: '<rootDir>/locales/{locale}/miniapp', include: miniAppDomain },
    // the server's own texts (the simulated wallet's pages, mail) and the `paylab` command line's (src/cli, which
    // renders the resolver's texts too): read by src/server/i18n.ts and src/cli/i18n.ts, never sent to a browser
    { path: '<rootDir>/locales/{locale}/server', include: ['src/server', 'src/cli', ...serverRenderedDomain] },
    ...featureCatalogs.map((f) => ({ path: `<rootDir>/locales/{locale}/${f}`, include: [`src/web/features/${f}`] })),
    { path: '<rootDir>/locales/{locale}/styleguide', include: [styleguideParts], exclude: [styleguideExamples, '**/*.test.tsx'] },
    { path: '<rootDir>/locales/{locale}/styleguide-examples', include: [styleguideExamples] },
    { path: '<rootDir>/locales/{locale}/cake-shop', include: [cakeShop] },
    { path: '<rootDir>/locales/{locale}/tools', include: toolParts },
  ],
})
