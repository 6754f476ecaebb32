// Auto direct debit (browser JavaScript): a "buy now" button; YOUR server charges the linked user at once.
// A browser never holds the API secret: it posts to your own server route (merchantServer below), which takes the
// userAuthorizationId from the signed-in customer's record (never from the page), signs with OPA-Auth exactly as
// samples/auto-debit/node.mjs does and forwards the call to POST /v2/payments?agreeSimilarTransaction=true.
const merchantServer = '/api/paylab' // your route that signs and forwards to the same path

export async function payByDirectDebit() {
  const response = await fetch(`${merchantServer}/v2/payments?agreeSimilarTransaction=true`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      merchantPaymentId: `sample-debit-${crypto.randomUUID()}`,
      amount: { amount: 1, currency: 'JPY' },
      requestedAt: Math.floor(Date.now() / 1000),
      orderDescription: 'Chocolate cake',
    }),
  })
  const { resultInfo, data } = await response.json()
  if (response.status !== 201) throw new Error(resultInfo.code)
  return data.status // COMPLETED
}
