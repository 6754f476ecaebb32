import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** Helpers for scripts and tests that start their own PayLab server on this machine (benches, e2e). */

/** A TCP port free on 127.0.0.1 right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Polls `url` until it answers 2xx. Fails after `timeoutMs`, or as soon as `child` (the server being waited for)
 * has exited.
 */
export async function waitUntilOk(url: string, { timeoutMs, intervalMs = 250, child }: { timeoutMs: number; intervalMs?: number; child?: ChildProcess }) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before ${url} answered`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
