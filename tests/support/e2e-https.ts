import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where the browser tests' server (e2e-server.ts) writes its HTTPS port and certificate, per HTTP port. */
export const e2eHttpsInfoPath = (httpPort: string | number | undefined) => join(tmpdir(), `paylab-e2e-https-${httpPort ?? 'default'}.json`)

/** The HTTPS port and certificate (PEM) of the server the specs run against. */
export function e2eHttpsInfo(): { port: number; certificate: string } {
  return JSON.parse(readFileSync(e2eHttpsInfoPath(process.env.E2E_PORT ?? 4319), 'utf8'))
}
