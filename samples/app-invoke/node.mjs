// App Invoke: create a code whose payer returns to your app; open data.deeplink on the phone.
// Run: PAYLAB_BASE_URL=http://localhost:3000 node samples/app-invoke/node.mjs
import { newId, nowSeconds, opaRequest } from '../lib/opa-auth.mjs'

const { status, body } = await opaRequest('POST', '/v2/codes', {
  merchantPaymentId: newId('sample-appinvoke'),
  amount: { amount: 1, currency: 'JPY' },
  codeType: 'ORDER_QR',
  orderDescription: 'Matcha roll',
  redirectType: 'APP_DEEP_LINK',
  redirectUrl: 'cakeshop://orders/completed',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  requestedAt: nowSeconds(),
})
console.log(JSON.stringify({ status, code: body.resultInfo.code, deeplink: body.data?.deeplink ?? null }))
if (status === 201) console.log('QR Code created') // spec §8: the outcome, in words
if (status !== 201) process.exit(1)
