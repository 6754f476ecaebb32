import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'

const nonces = new WeakMap<Request, string>()

/**
 * One nonce per HTML answer: the Content-Security-Policy header and every inline `<script>` the server writes
 * (server rendering's dehydrated state, for example) use the same value, so no inline script needs 'unsafe-inline'.
 */
export function cspNonce(c: Context): string {
  let nonce = nonces.get(c.req.raw)
  if (!nonce) {
    nonce = randomBytes(16).toString('base64')
    nonces.set(c.req.raw, nonce)
  }
  return nonce
}
