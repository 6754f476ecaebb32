// Cashback: give a linked user (scope cashback) money back into their wallet.
// Run: PAYLAB_USER_AUTHORIZATION_ID=… PAYLAB_BASE_URL=http://localhost:3000 node samples/cashback/node.mjs
import { newId, nowSeconds, opaRequest } from '../lib/opa-auth.mjs'

const { status, body } = await opaRequest('POST', '/v2/cashback', {
  merchantCashbackId: newId('sample-cashback'),
  userAuthorizationId: process.env.PAYLAB_USER_AUTHORIZATION_ID,
  amount: { amount: 1, currency: 'JPY' },
  requestedAt: nowSeconds(),
  orderDescription: 'Thank-you cashback',
  walletType: 'PREPAID',
})
console.log(JSON.stringify({ status, code: body.resultInfo.code }))
console.log(status < 300 ? 'Cashback created' : 'Cashback creation failure') // spec §8: the outcome, in words
if (status >= 300) process.exit(1)
