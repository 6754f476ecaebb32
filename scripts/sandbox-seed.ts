// `npm run sandbox:seed -- file.json` — loads a seed file into a merchant's PayLab sandbox before a CI run
// (issue 14 item 6; docs/sandbox-state.md). Signs with the merchant's own key (OPA-Auth), so it works against
// any PayLab server. `--reset` resets instead of seeding; `--snapshot LABEL` takes a snapshot after loading.
//
//   PAYLAB_BASE_URL     server origin                      (--url,      default http://127.0.0.1:3000)
//   PAYLAB_API_KEY      the merchant's API key             (--key)
//   PAYLAB_API_SECRET   the merchant's API secret          (--secret)
//   PAYLAB_MERCHANT_ID  the merchant id (X-ASSUME-MERCHANT) (--merchant)
//
// Prints the server's answer (the ids the seeded entries got) as JSON on stdout; exits 1 on any error answer.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { signOpaRequest } from '../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../src/server/modules/sandbox/auth/opa-crypto.ts'

type Fetch = (url: string, init: RequestInit) => Promise<Response>

const usage = `usage: npm run sandbox:seed -- <seed.json> | --reset  [--snapshot LABEL] [--url URL] [--key KEY] [--secret SECRET] [--merchant ID]
environment: PAYLAB_BASE_URL, PAYLAB_API_KEY, PAYLAB_API_SECRET, PAYLAB_MERCHANT_ID (flags win)`

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
  readFile: (path: string) => string
}

/** Parses the arguments, sends the signed calls, prints the answers; the exit code. */
export async function sandboxSeedCli(argv: string[], env: Record<string, string | undefined>, fetchFn: Fetch, io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        url: { type: 'string' },
        key: { type: 'string' },
        secret: { type: 'string' },
        merchant: { type: 'string' },
        snapshot: { type: 'string' },
      },
    })
  } catch (error) {
    // an unknown option, or one without its value
    return (io.err(`${error instanceof Error ? error.message : String(error)}\n${usage}`), 2)
  }
  const { values: flags, positionals: files } = parsed
  const reset = flags.reset
  if (flags.help) return (io.out(usage), 0)
  if (reset === (files.length === 1) || files.length > 1) return (io.err(usage), 2)
  const url = (flags.url ?? env.PAYLAB_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '')
  const apiKey = flags.key ?? env.PAYLAB_API_KEY
  const apiSecret = flags.secret ?? env.PAYLAB_API_SECRET
  const merchantId = flags.merchant ?? env.PAYLAB_MERCHANT_ID
  if (!apiKey || !apiSecret) return (io.err(`the merchant's API key and secret are needed\n${usage}`), 2)

  let body: string | undefined
  if (!reset) {
    try {
      body = JSON.stringify(JSON.parse(io.readFile(files[0]!)))
    } catch (error) {
      return (io.err(`cannot read ${files[0]}: ${error instanceof Error ? error.message : String(error)}`), 2)
    }
  }

  const call = async (method: string, path: string, text?: string) => {
    const contentType = text === undefined ? undefined : 'application/json'
    const authorization = signOpaRequest(nodeOpaCrypto, {
      apiKey,
      apiSecret,
      method,
      path,
      contentType,
      body: text,
      nonce: randomBytes(8).toString('hex'),
      epoch: Math.floor(Date.now() / 1000),
    })
    const headers: Record<string, string> = {
      authorization,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(merchantId ? { 'x-assume-merchant': merchantId } : {}),
    }
    const res = await fetchFn(`${url}${path}`, { method, headers, body: text })
    const answer = await res.text()
    io.out(answer)
    if (!res.ok) io.err(`${method} ${path} answered ${res.status}`)
    return res.ok
  }

  try {
    if (!(await call('POST', reset ? '/sandbox/api/reset' : '/sandbox/api/seed', body))) return 1
    if (flags.snapshot !== undefined && !(await call('POST', '/sandbox/api/snapshots', JSON.stringify({ label: flags.snapshot })))) return 1
  } catch (error) {
    io.err(`cannot reach ${url}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await sandboxSeedCli(process.argv.slice(2), process.env, (u, i) => fetch(u, i), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readFile: (path) => readFileSync(path, 'utf8'),
  })
  process.exit(code)
}
