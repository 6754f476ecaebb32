// A static site on loopback, compressed as the portal compresses its own answers (src/server/web.ts, scripts/build-web.ts):
// pages gzip at the default level, other text files Brotli 11 or gzip 9 as the browser accepts (the portal's build
// writes them beside its assets). Every file is read and compressed once, when the server starts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt'])

interface Entry {
  type: string
  raw: Buffer
  gzip?: Buffer
  br?: Buffer
}

/** `/a/b` answers `root/a/b`, `root/a/b/index.html` or `root/a/b.html`, whichever exists (no redirects). */
function resolveFile(root: string, pathname: string): string | undefined {
  const base = join(root, normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ''))
  if (!base.startsWith(root)) return undefined
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

export function serveStatic(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const cache = new Map<string, Entry>()
  const entry = (file: string): Entry => {
    let found = cache.get(file)
    if (!found) {
      const ext = extname(file)
      const raw = readFileSync(file)
      found = { type: types[ext] ?? 'application/octet-stream', raw }
      if (ext === '.html') found.gzip = gzipSync(raw)
      else if (compressible.has(ext)) {
        found.gzip = gzipSync(raw, { level: 9 })
        found.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      }
      cache.set(file, found)
    }
    return found
  }
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) if (statSync(join(root, file)).isFile()) entry(join(root, file))
  const server: Server = createServer((req, res) => {
    const file = resolveFile(root, new URL(req.url ?? '/', 'http://localhost').pathname)
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const { type, raw, gzip, br } = entry(file)
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const [body, encoding] = br && /\bbr\b/.test(accepts) ? [br, 'br'] : gzip && /\bgzip\b/.test(accepts) ? [gzip, 'gzip'] : [raw, undefined]
    res.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      vary: 'accept-encoding',
      'cache-control': extname(file) === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}
