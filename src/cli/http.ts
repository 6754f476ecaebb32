import { createHash, createHmac, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import type { Lang } from '@/domain/i18n.ts'
import { signOpaRequest, type OpaCrypto } from '@/domain/opa-auth.ts'

/**
 * The HTTP contract of the `paylab` client: OPA-signed calls to a running PayLab (`POST /sandbox/api/commands/<name>`,
 * the webhook forwarder's `/sandbox/api/webhooks…`), answered `{resultInfo, data}`. Nothing of src/server.
 */

export type Fetch = (url: string, init: RequestInit) => Promise<Response>

/** A failed call as the sandbox answered it: its resultInfo and data (`issues` of a bad input). */
export interface CallFailure {
  code: string
  message: string
  codeId: string
  data: unknown
}
export type CallOutcome = { ok: true; data: unknown } | { ok: false; error: CallFailure }

/** Where PayLab is, whose sandbox key signs, which language answers. */
export interface Connection {
  lang: Lang
  url: string
  apiKey: string
  apiSecret: string
  merchantId: string | undefined
}

const nodeCrypto: OpaCrypto = {
  md5Base64(parts) {
    const md5 = createHash('md5')
    for (const part of parts) md5.update(part, 'utf8')
    return md5.digest('base64')
  },
  hmacSha256Base64: (key, message) => createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest('base64'),
}

const AnswerSchema = v.object({
  resultInfo: v.object({ code: v.string(), message: v.string(), codeId: v.string() }),
  data: v.optional(v.unknown()),
})

/** One OPA-signed call to the sandbox; answers the outcome (a failure carries the resultInfo). */
export async function signedCall(conn: Connection, fetchFn: Fetch, method: 'GET' | 'POST', path: string, body?: unknown): Promise<CallOutcome> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeCrypto, {
    apiKey: conn.apiKey,
    apiSecret: conn.apiSecret,
    method,
    path: path.split('?')[0]!,
    contentType: text === undefined ? undefined : contentType,
    body: text,
    nonce: randomBytes(8).toString('hex'),
    epoch: Math.floor(Date.now() / 1000),
  })
  const res = await fetchFn(`${conn.url}${path}`, {
    method,
    headers: {
      authorization,
      'accept-language': conn.lang,
      ...(text === undefined ? {} : { 'content-type': contentType }),
      ...(conn.merchantId ? { 'x-assume-merchant': conn.merchantId } : {}),
    },
    body: text,
  })
  const raw = await res.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const answer = v.safeParse(AnswerSchema, parsed)
  if (!answer.success) return { ok: false, error: { code: `HTTP_${res.status}`, message: raw.slice(0, 200), codeId: '', data: null } }
  if (!res.ok) return { ok: false, error: { ...answer.output.resultInfo, data: answer.output.data ?? null } }
  return { ok: true, data: answer.output.data ?? null }
}

/** Runs a sandbox command on the server. */
export const remoteCommand = (conn: Connection, fetchFn: Fetch, name: string, input: unknown) =>
  signedCall(conn, fetchFn, 'POST', `/sandbox/api/commands/${name}`, input)

/** A webhook's answer from the local receiver (`listen`). */
export interface ReceiverAnswer {
  status: number
  body: string
  error: string | null
}
export type Transport = (url: string, headers: Record<string, string>, body: string) => Promise<ReceiverAnswer>

/** Posts a delivery to a server on this machine, as the sandbox's own sender would (10 s at most, the answer's first 2 KB). */
export const fetchTransport =
  (fetchFn: Fetch): Transport =>
  async (url, headers, body) => {
    try {
      const res = await fetchFn(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
      return { status: res.status, body: (await res.text()).slice(0, 2048), error: null }
    } catch (error) {
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
      return { status: 0, body: '', error: reason }
    }
  }
