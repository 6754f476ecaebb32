import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadOrCreateCertificate, startHttpsListener } from '../../src/server/modules/sandbox/https.ts'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paylab-tls-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const fetchText = (port: number, host: string, ca: string) =>
  new Promise<string>((resolve, reject) => {
    get({ host, port, path: '/sandbox/api/ping', ca, servername: host === '127.0.0.1' ? undefined : host }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })

describe('the sandbox HTTPS certificate', () => {
  it('is generated on first start into DATA_DIR and reused afterwards', async () => {
    const dir = freshDir()
    const first = await loadOrCreateCertificate(dir)
    expect(first.generated).toBe(true)
    expect(readFileSync(join(dir, 'sandbox-tls', 'cert.pem'), 'utf8')).toBe(first.cert)
    const second = await loadOrCreateCertificate(dir)
    expect(second.generated).toBe(false)
    expect(second.cert).toBe(first.cert)
    const san = new X509Certificate(first.cert).subjectAltName ?? ''
    expect(san).toContain('DNS:localhost')
    expect(san).toContain('IP Address:127.0.0.1')
  })

  it('is replaced when it is about to expire or the stored files are damaged', async () => {
    const dir = freshDir()
    const first = await loadOrCreateCertificate(dir)
    const muchLater = new Date(Date.now() + 900 * 24 * 60 * 60 * 1000)
    const renewed = await loadOrCreateCertificate(dir, { now: muchLater })
    expect(renewed.generated).toBe(true)
    expect(renewed.cert).not.toBe(first.cert)
    writeFileSync(join(dir, 'sandbox-tls', 'cert.pem'), 'not a certificate')
    expect((await loadOrCreateCertificate(dir)).generated).toBe(true)
  })

  it('serves the app over TLS 1.2+ to a client that trusts only that certificate', async () => {
    const dir = freshDir()
    const listener = await startHttpsListener(() => Response.json({ pong: true }), { port: 0, host: '127.0.0.1', dataDir: dir })
    try {
      expect(JSON.parse(await fetchText(listener.port, '127.0.0.1', listener.certificate.cert))).toEqual({ pong: true })
      const other = await loadOrCreateCertificate(freshDir())
      await expect(fetchText(listener.port, '127.0.0.1', other.cert)).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i)
    } finally {
      await listener.close()
    }
  })
})
