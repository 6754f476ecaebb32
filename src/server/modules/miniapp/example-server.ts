import { randomUUID } from 'node:crypto'

/**
 * The example mini app's own server, simulated in-process (issue 21): whatever https host the example's app.json
 * whitelists answers here, so the example runs offline and nothing leaves the machine. The paths:
 *
 *   GET  /menu                  the cakes: { cakes: [{ id, name, nameEn, price }] }
 *   POST /orders  { cakeId }    a new order: { orderId, merchantPaymentId, amount, orderDescription }
 *   GET  /status/<code>         answers that HTTP status (a 404 shows STATUS_CODE_ERROR in the mini app)
 *   GET  /broken                a JSON answer that does not parse (INVALID_RESPONSE)
 *   GET  /slow                  never answers in time (TIME_OUT)
 *
 * anything else is a 404. The merchant's real server would also verify the payment's JWS (spec §5); the example's
 * README shows how, with the key of `GET /v2/miniapp/publicKey?kid=`.
 */
export const exampleCakes = [
  { id: 'strawberry', name: 'いちごのショートケーキ', nameEn: 'Strawberry shortcake', price: 500 },
  { id: 'chocolate', name: 'ガトーショコラ', nameEn: 'Gâteau au chocolat', price: 450 },
  { id: 'cheese', name: 'ベイクドチーズケーキ', nameEn: 'Baked cheesecake', price: 400 },
] as const

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export function exampleServer(method: string, url: URL, body: string | undefined): Response | 'timeout' {
  const path = url.pathname.replace(/\/+$/, '') || '/'
  if (method === 'GET' && path === '/menu') return json(200, { cakes: exampleCakes })
  if (method === 'POST' && path === '/orders') {
    let cakeId: unknown
    try {
      cakeId = (JSON.parse(body ?? '{}') as { cakeId?: unknown }).cakeId
    } catch {
      return json(400, { error: 'body is not JSON' })
    }
    const cake = exampleCakes.find((c) => c.id === cakeId)
    if (!cake) return json(400, { error: 'unknown cakeId' })
    const orderId = randomUUID()
    return json(201, {
      orderId,
      merchantPaymentId: `CAKE-${orderId.replace(/-/g, '').slice(0, 24)}`,
      amount: { amount: cake.price, currency: 'JPY' },
      orderDescription: cake.name,
    })
  }
  const status = /^\/status\/(\d{3})$/.exec(path)
  if (method === 'GET' && status) {
    const code = Number(status[1])
    return code >= 200 && code <= 599 ? json(code, { status: code }) : json(400, { error: 'status out of range' })
  }
  if (method === 'GET' && path === '/broken') return new Response('{"cakes": [', { status: 200, headers: { 'content-type': 'application/json' } })
  if (method === 'GET' && path === '/slow') return 'timeout'
  return json(404, { error: 'not found' })
}
