import { X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, Server } from 'node:https'
import { hostname as osHostname } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'

/**
 * The sandbox's HTTPS listener. The provider's published SDKs only speak HTTPS (the Node SDK calls
 * `https.request` with no way to pick `http:`), so when `SANDBOX_HTTPS_PORT` is set the same app also
 * listens with TLS. The certificate is self-signed, generated on first start and kept in DATA_DIR so a
 * developer trusts it once (`NODE_EXTRA_CA_CERTS=<DATA_DIR>/sandbox-tls/cert.pem`) and it stays valid.
 */
export interface SandboxCertificate {
  cert: string
  key: string
  certPath: string
  keyPath: string
  /** True when this call generated it (first start, or the old one expired / lacked a host name). */
  generated: boolean
}

/** Host names and addresses the certificate answers for: loopback always, plus this machine's name. */
export function certificateHostNames(extra: string[] = []): { dns: string[]; ips: string[] } {
  const names = ['localhost', osHostname(), ...extra].filter((n) => n && !isIp(n))
  const ips = ['127.0.0.1', '::1', ...extra.filter(isIp)]
  return { dns: [...new Set(names)], ips: [...new Set(ips)] }
}

const isIp = (value: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(value) || value.includes(':')

const renewBeforeMs = 7 * 24 * 60 * 60 * 1000

/** Reads the stored certificate, or generates (and stores) a new one when missing, expiring or incomplete. */
export async function loadOrCreateCertificate(dataDir: string, options: { now?: Date; extraHostNames?: string[] } = {}): Promise<SandboxCertificate> {
  const now = options.now ?? new Date()
  const dir = join(dataDir, 'sandbox-tls')
  const certPath = join(dir, 'cert.pem')
  const keyPath = join(dir, 'key.pem')
  const wanted = certificateHostNames(options.extraHostNames)
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8')
    const key = readFileSync(keyPath, 'utf8')
    if (stillUsable(cert, key, wanted, now)) return { cert, key, certPath, keyPath, generated: false }
  }
  const notAfter = new Date(now.getTime() + 825 * 24 * 60 * 60 * 1000) // the longest validity browsers accept
  // loaded only when a certificate is made (first start, renewal): it costs more to load than a restart should take
  const { generate } = await import('selfsigned')
  const pems = await generate(
    [
      { name: 'commonName', value: 'PayLab sandbox (localhost)' },
      { name: 'organizationName', value: 'PayLab' },
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - 60_000),
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [...wanted.dns.map((value) => ({ type: 2 as const, value })), ...wanted.ips.map((ip) => ({ type: 7 as const, ip }))],
        },
      ],
    },
  )
  mkdirSync(dir, { recursive: true })
  // Write beside, then rename: two processes starting at once never read half a file.
  const suffix = `.${process.pid}.partial`
  writeFileSync(keyPath + suffix, pems.private, { mode: 0o600 })
  writeFileSync(certPath + suffix, pems.cert)
  renameSync(keyPath + suffix, keyPath)
  renameSync(certPath + suffix, certPath)
  return { cert: pems.cert, key: pems.private, certPath, keyPath, generated: true }
}

function stillUsable(certPem: string, keyPem: string, wanted: { dns: string[]; ips: string[] }, now: Date): boolean {
  try {
    const cert = new X509Certificate(certPem)
    if (new Date(cert.validTo).getTime() - now.getTime() < renewBeforeMs) return false
    if (new Date(cert.validFrom).getTime() > now.getTime()) return false
    const san = cert.subjectAltName ?? ''
    if (!wanted.dns.every((name) => san.includes(`DNS:${name}`))) return false
    if (!wanted.ips.every((ip) => san.includes(`IP Address:${ip === '::1' ? '0:0:0:0:0:0:0:1' : ip}`) || san.includes(`IP Address:${ip}`))) return false
    return keyPem.includes('PRIVATE KEY')
  } catch {
    return false
  }
}

export interface HttpsListener {
  server: Server
  port: number
  certificate: SandboxCertificate
  close(): Promise<void>
}

/** Serves `fetch` (the same Hono app as the HTTP port) over TLS on `port` (0 = any free port). */
export async function startHttpsListener(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; host: string; dataDir: string; extraHostNames?: string[] },
): Promise<HttpsListener> {
  const certificate = await loadOrCreateCertificate(options.dataDir, { extraHostNames: options.extraHostNames })
  const server = serve({
    fetch,
    port: options.port,
    hostname: options.host,
    createServer,
    serverOptions: { cert: certificate.cert, key: certificate.key, minVersion: 'TLSv1.2' },
  })
  // `serve` types its answer as any server it can make; with https' createServer it is an https.Server
  if (!(server instanceof Server)) throw new Error('The HTTPS listener is not an https.Server')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve())
    server.once('error', reject)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    server,
    port,
    certificate,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
  }
}
