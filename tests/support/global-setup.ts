import type { TestProject } from 'vitest/node'
import { pgliteTemplateFile } from './pglite-template.ts'

/**
 * A fresh PGlite costs seconds (initdb runs in WASM), so one migrated store is dumped once per migration history
 * (pglite-template.ts) and every test starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplateFile())
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
