// Auto direct debit: charge a linked user (scope direct_debit) at once; the answer says COMPLETED.
// Run: PAYLAB_USER_AUTHORIZATION_ID=… PAYLAB_BASE_URL=http://localhost:3000 node samples/auto-debit/node.mjs
import { newId, nowSeconds, opaRequest } from '../lib/opa-auth.mjs'

const { status, body } = await opaRequest(
  'POST',
  '/v2/payments',
  {
    merchantPaymentId: newId('sample-debit'),
    userAuthorizationId: process.env.PAYLAB_USER_AUTHORIZATION_ID,
    amount: { amount: 1, currency: 'JPY' },
    requestedAt: nowSeconds(),
    orderDescription: 'Chocolate cake',
  },
  '?agreeSimilarTransaction=true',
)
console.log(JSON.stringify({ status, code: body.resultInfo.code, paymentStatus: body.data?.status ?? null }))
console.log(status === 201 ? 'Order created' : 'Order creation failure') // spec §8: the outcome, in words
if (status !== 201) process.exit(1)
