// Cashback (browser JavaScript): a "thank you" button that asks YOUR server to give the linked user cashback.
// A browser never holds the API secret: it posts to your own server route (merchantServer below), which takes the
// userAuthorizationId from the signed-in customer's record (never from the page), signs with OPA-Auth exactly as
// samples/cashback/node.mjs does and forwards the call to POST /v2/cashback.
const merchantServer = '/api/paylab' // your route that signs and forwards to the same path

export async function giveCashback() {
  const response = await fetch(`${merchantServer}/v2/cashback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      merchantCashbackId: `sample-cashback-${crypto.randomUUID()}`,
      amount: { amount: 1, currency: 'JPY' },
      requestedAt: Math.floor(Date.now() / 1000),
      orderDescription: 'Thank-you cashback',
      walletType: 'PREPAID',
    }),
  })
  const { resultInfo } = await response.json()
  if (response.status >= 300) throw new Error(resultInfo.code)
  return resultInfo.code // REQUEST_ACCEPTED (202): the cashback is asynchronous
}
