import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// `npm run dev` runs this config's dev server inside the one server (scripts/dev.ts, Vite in middleware mode), so
// there is nothing to proxy: pages, API, sandbox and hot reload share one port.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@machines': fileURLToPath(new URL('./machines', import.meta.url)) },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
          // Babel runs only on files that use a Lingui macro; everything else stays on the fast path.
          rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
        }),
      ],
    }),
  ],
  // every browser that runs es2022 modules supports <link rel="modulepreload">: no polyfill in the entry
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // one stylesheet for the whole portal: each page inlines the rules its HTML uses and loads the whole sheet after its
    // first paint (src/server/web.ts, src/server/page-css.ts)
    cssCodeSplit: false,
    // the server renders every page (src/web/entry-server.tsx) and reads the entry and styles from the manifest
    manifest: true,
    rolldownOptions: {
      input: 'src/web/main.tsx',
      output: {
        // Everything the entry imports statically is needed before the first paint anyway: one file instead of ~35
        // small ones saves round trips on slow networks (docs/performance.md).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
})
