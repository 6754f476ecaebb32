// App Invoke (browser JavaScript, a phone's browser): ask YOUR server for a code, then open data.deeplink.
// A browser never holds the API secret: it posts the order to your own server route (merchantServer below),
// which checks the amount against its cart, signs with OPA-Auth exactly as samples/app-invoke/node.mjs does and
// forwards the call to POST /v2/codes, answering the sandbox's { resultInfo, data } unchanged.
const merchantServer = '/api/paylab' // your route that signs and forwards to the same path

export async function payWithWalletApp() {
  const response = await fetch(`${merchantServer}/v2/codes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      merchantPaymentId: `sample-appinvoke-${crypto.randomUUID()}`,
      amount: { amount: 1, currency: 'JPY' },
      codeType: 'ORDER_QR',
      orderDescription: 'Matcha roll',
      redirectType: 'WEB_LINK',
      redirectUrl: `${location.origin}/orders/completed`,
      userAgent: navigator.userAgent,
      requestedAt: Math.floor(Date.now() / 1000),
    }),
  })
  const { resultInfo, data } = await response.json()
  if (response.status !== 201) throw new Error(resultInfo.code)
  location.href = data.deeplink // the wallet app opens; the payer comes back to redirectUrl
}
