// Dynamic QR Code: create a code for one order; show data.url as a QR (the payer's wallet opens it).
// Run: PAYLAB_BASE_URL=http://localhost:3000 node samples/dynamic-qr/node.mjs
import { newId, nowSeconds, opaRequest } from '../lib/opa-auth.mjs'

const { status, body } = await opaRequest('POST', '/v2/codes', {
  merchantPaymentId: newId('sample-qr'),
  amount: { amount: 1, currency: 'JPY' },
  codeType: 'ORDER_QR',
  orderDescription: 'Strawberry shortcake',
  orderItems: [{ name: 'Strawberry shortcake', quantity: 1, unitPrice: { amount: 1, currency: 'JPY' } }],
  requestedAt: nowSeconds(),
})
console.log(JSON.stringify({ status, code: body.resultInfo.code, url: body.data?.url ?? null, codeId: body.data?.codeId ?? null }))
if (status === 201) console.log('QR Code created') // spec §8: the outcome, in words
if (status !== 201) process.exit(1)
