import type { ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { staleReason } from '../../scripts/lib/build-stamp.js'

/**
 * The arguments to `node` that start a PayLab server process in a test: the built server (`dist/server/main.js`, as
 * `npm start` runs it) when that build is current — `npm test` builds before the tests, so a test process loads no
 * compiler — else the sources through tsx (a test run on its own after an edit).
 */
export function serverProcessArgs(): string[] {
  return staleReason('dist/server/inputs.json', ['dist/server/main.js']) ? ['--import', 'tsx', 'src/server/main.ts'] : [resolve('dist/server/main.js')]
}

/** Stops server processes: SIGTERM (the server closes its store), SIGKILL after 10 s; resolves when all have exited. */
export function stopProcesses(children: ChildProcess[]): Promise<void[]> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
        }),
    ),
  )
}
