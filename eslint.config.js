// ESLint: the architecture's dependency rule (docs/architecture.md §3), import cycles, React hooks and TypeScript.
// `npm run lint` runs it with scripts/check-layout.ts (the required files and machine models, which are not imports).
import './eslint/typescript-api.js'
import { readdirSync } from 'node:fs'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'

// Dependencies run one way: domain ← machines ← server / web/features ← web/routes.
const layers = {
  domain: './src/domain',
  machines: './machines',
  server: './src/server',
  // the `paylab` command line (issue 31): a client of the HTTP contract, beside the server rather than inside it
  cli: './src/cli',
  content: './src/content',
  'web-lib': './src/web/lib',
  'web-ui': './src/web/ui',
  'web-feature': './src/web/features',
  'web-routes': './src/web/routes',
  'web-app': './src/web/*.{ts,tsx}',
  // the project's tooling and tests: only test files may use them (tests/support)
  tests: './tests',
  scripts: './scripts',
}
/** Which layers each layer may import from. */
const allowed = {
  domain: ['domain'],
  machines: ['domain', 'machines'],
  server: ['domain', 'machines', 'server', 'content'],
  cli: ['domain', 'cli'],
  content: ['content'],
  'web-lib': ['domain', 'machines', 'web-lib'],
  'web-ui': ['domain', 'web-lib', 'web-ui'],
  'web-feature': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature'],
  'web-routes': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature', 'web-routes', 'web-app'],
  'web-app': ['domain', 'machines', 'web-lib', 'web-ui', 'web-feature', 'web-routes', 'web-app'],
}
const tooling = ['tests', 'scripts']
/**
 * The store files of the sandbox's own tables (src/server/store/): only src/server/modules/sandbox/ (and store/,
 * tests, scripts) imports them. Not here: sandbox-ids.ts (id formats), moment-batch.ts and merchant-row.ts
 * (helpers), dashboard-repo.ts and tables/dashboard.ts (the merchant's settings; the monthly top-up's table is in
 * tables/sandbox.ts, its SQL in sandbox-ledger-repo.ts).
 */
const sandboxStore = [
  'sandbox-repo.ts',
  'sandbox-cashback-repo.ts',
  'sandbox-ledger-repo.ts',
  'sandbox-reads.ts',
  'sandbox-rows.ts',
  'sandbox-state-repo.ts',
  'code-inserts.ts',
  'grouped-reads.ts',
  'force-next-repo.ts',
  'opa-admission.ts',
  'opa-admission-memory.ts',
  'opa-admission-answer.ts',
  'request-log-repo.ts',
  'webhook-repo.ts',
  'webhook-chaos-repo.ts',
  'tables/sandbox.ts',
  'tables/sandbox-powers.ts',
  'tables/sandbox-state.ts',
  'tables/webhooks.ts',
]

/** import-x/no-restricted-paths zones: every layer pair the rule forbids, and each feature against the others. */
function zones({ forTests }) {
  const list = []
  for (const [layer, may] of Object.entries(allowed))
    for (const other of Object.keys(layers)) {
      if (may.includes(other) || (forTests && tooling.includes(other))) continue
      list.push({ target: layers[layer], from: layers[other], message: `${layer} must not import ${other} (docs/architecture.md §3).` })
    }
  // One door to the sandbox's data (issue 29): the store files of its tables are the sandbox module's, reached from
  // elsewhere through the engine's commands.
  if (!forTests)
    list.push({
      target: ['./src/server/*.{ts,tsx}', './src/server/!(modules|store)/**', './src/server/modules/!(sandbox)/**'],
      from: sandboxStore.map((file) => `./src/server/store/${file}`),
      message: "The sandbox's tables are its module's: call a command of sandboxCommands (modules/sandbox/engine) or what modules/sandbox exports.",
    })
  for (const feature of readdirSync('src/web/features'))
    list.push({
      target: `./src/web/features/${feature}`,
      from: './src/web/features',
      except: [`./${feature}`],
      message: `No feature imports another feature: move what "${feature}" needs into src/web/lib, src/web/ui or src/domain.`,
    })
  return list
}

/** Packages a layer must not use (the layer's job belongs to another one). */
const serverPackages = ['hono', '@hono/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'nodemailer', 'shiki', 'node:*']
const pureLayerPackages = [...serverPackages, 'react', 'react-dom', 'react-dom/*', '@tanstack/*', '@lingui/react', '@lingui/react/*']

// One alias per root: `@/` for src/, `@machines/` for machines/ (tsconfig.json paths, vite.config.ts resolve.alias).
// src/server still reaches machines/ by relative paths while its modules move (issue 19); it joins once they have.
const relativeMachines = { group: ['**/machines/*'], message: 'Import machines through the @machines/ alias.' }

const sources = ['**/*.{ts,tsx,js}']
const tests = ['**/*.test.{ts,tsx}', 'tests/**']

export default defineConfig(
  globalIgnores([
    'dist/',
    '.data/',
    '.test-data/',
    '.tanstack/',
    'test-results/',
    'playwright-report/',
    'tests/artifacts/',
    'docs/',
    'locales/',
    'public/',
    'src/content/',
    'samples/',
    'src/web/routeTree.gen.ts',
    'src/web/features/flows/machine-texts.gen.ts',
    'src/server/store/migrations/',
  ]),
  { files: sources, extends: [tseslint.configs.recommended] },
  {
    // A file a person reads whole: at most 400 lines (issue 29). Generated files are ignored above (routeTree.gen.ts).
    files: ['{src,machines,tests,scripts}/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: sources,
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zones({ forTests: false }) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      // TypeScript checks these itself (tsc -p .); the rest of typescript-eslint's recommended set stays on.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zones({ forTests: true }) }],
      // fixtures and fakes of network answers; the house rule against `any` is about the product's code
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No barrel files: an index module (outside the route tree) may hold code, never re-exports; import the module itself.
    files: ['src/**/index.{ts,tsx}', 'machines/**/index.ts'],
    ignores: ['src/web/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration, ExportNamedDeclaration[source]', message: 'Barrel files are not used: import the module itself.' },
      ],
    },
  },
  {
    files: ['src/domain/**', 'machines/**'],
    ignores: tests,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: pureLayerPackages, message: 'domain and machines are pure: no server, rendering or Node packages.' }, relativeMachines] },
      ],
    },
  },
  {
    files: ['src/web/**'],
    ignores: [...tests, 'src/web/entry-server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serverPackages, message: 'The portal runs in the browser: server packages belong to src/server.' }, relativeMachines] },
      ],
    },
  },
  {
    files: ['src/web/**/*.test.{ts,tsx}', 'src/domain/**/*.test.ts', 'tests/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeMachines] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The React Compiler's diagnostics in the recommended set report code the compiler would skip, not bugs: the
      // latest-value refs read by machine actors, a reset in an effect, a date in a render. Shown as warnings until
      // those hooks are reworked (docs/decisions/0007-lint-and-format.md); the rules of hooks stay errors.
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/purity': 'warn',
    },
  },
)
