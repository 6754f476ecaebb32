// PayLab sandbox webhook receiver (Node.js 18+, no dependencies): verifies the signature, answers 200.
//   PAYLAB_WEBHOOK_SECRET=whsec_… PORT=8080 node samples/webhooks/receiver.mjs
// Signature (PayLab extension, docs/webhooks.md): X-PayLab-Webhook-Signature: v1=base64(HMAC-SHA256(secret,
// timestamp + "." + raw body)), X-PayLab-Webhook-Timestamp: epoch seconds (refuse when more than 300 s away).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'

export function verifyPayLabWebhook(secret, headers, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  const timestamp = headers['x-paylab-webhook-timestamp']
  const signature = headers['x-paylab-webhook-signature']
  if (!/^\d+$/.test(timestamp ?? '') || typeof signature !== 'string') return false
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false
  const expected = Buffer.from('v1=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('base64'))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.PAYLAB_WEBHOOK_SECRET ?? ''
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8') // verify the exact bytes, before any JSON parsing
      if (!verifyPayLabWebhook(secret, req.headers, raw)) {
        console.log('rejected: bad signature')
        res.writeHead(401).end('bad signature')
        return
      }
      const event = JSON.parse(raw)
      console.log(`verified ${event.state} ${event.order_id} ${req.headers['x-paylab-webhook-id']}`)
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK')
    })
  })
  server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => console.log(`listening ${server.address().port}`))
}
