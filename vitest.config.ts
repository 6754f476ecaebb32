import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default is one worker less than the cores: one worker on the 2-core machines CI runs on. The test
      // files wait on PGlite, sockets and child processes as much as on the CPU, so two run side by side.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/web/**/*.test.tsx', 'tests/unit/**/*.test.tsx'],
            setupFiles: ['tests/support/web-setup.ts'],
            globalSetup: ['tests/support/catalogs-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['machines/**/*.test.ts', 'src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
            globalSetup: ['tests/support/catalogs-setup.ts', 'tests/support/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            // The server suites: each file builds its own app on its own store (tests/support/app.ts), mocks nothing and
            // reads no global a file before it set, so a worker keeps the modules it loaded from one file to the next
            // instead of importing the whole server again for each of the 70 files (a third of their time).
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            isolate: false,
            globalSetup: ['tests/support/catalogs-setup.ts', 'tests/support/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
)
