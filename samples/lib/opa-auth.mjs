// OPA-Auth for the samples (Node.js 18+, no dependencies): signs one request and sends it.
// Header: Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
//   hash    = base64(MD5(contentType + body)), or "empty" when there is no body
//   macData = base64(HMAC-SHA256(apiSecret, [path, method, nonce, epoch, contentType, hash].join("\n")))
// The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
import { createHash, createHmac, randomBytes } from 'node:crypto'

export const config = {
  baseUrl: process.env.PAYLAB_BASE_URL ?? 'http://localhost:3000',
  apiKey: process.env.PAYLAB_API_KEY ?? 'a_PayLabDemo_0001',
  apiSecret: process.env.PAYLAB_API_SECRET ?? 'cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==',
  merchantId: process.env.PAYLAB_MERCHANT_ID ?? '100000000000000001',
}

export function opaAuthorization({ method, path, body }) {
  const nonce = randomBytes(3).toString('hex') // spec §7: 6 hex characters
  const epoch = Math.floor(Date.now() / 1000)
  const contentType = body === undefined ? 'empty' : 'application/json;charset=UTF-8;'
  const hash =
    body === undefined
      ? 'empty'
      : createHash('md5')
          .update(contentType + body)
          .digest('base64')
  const mac = createHmac('sha256', config.apiSecret).update([path, method, nonce, epoch, contentType, hash].join('\n')).digest('base64')
  return { authorization: `hmac OPA-Auth:${config.apiKey}:${mac}:${nonce}:${epoch}:${hash}`, contentType }
}

/** Sends a signed request; answers `{ status, body }` (body is `{ resultInfo, data }`). */
export async function opaRequest(method, path, payload, query = '') {
  const body = payload === undefined ? undefined : JSON.stringify(payload)
  const { authorization, contentType } = opaAuthorization({ method, path, body })
  const headers = { Authorization: authorization, 'X-ASSUME-MERCHANT': config.merchantId }
  if (body !== undefined) headers['Content-Type'] = contentType
  const res = await fetch(`${config.baseUrl}${path}${query}`, { method, headers, body })
  return { status: res.status, body: await res.json() }
}

export const newId = (prefix) => `${prefix}-${randomBytes(8).toString('hex')}`
export const nowSeconds = () => Math.floor(Date.now() / 1000)
