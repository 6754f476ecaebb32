// Dynamic QR Code (browser JavaScript): the shop page asks YOUR server for a code and draws data.url as a QR.
// A browser never holds the API secret: it posts the order to your own server route (merchantServer below),
// which checks the amount against its cart, signs with OPA-Auth exactly as samples/dynamic-qr/node.mjs does and
// forwards the call to POST /v2/codes, answering the sandbox's { resultInfo, data } unchanged.
import QRCode from 'qrcode'

const merchantServer = '/api/paylab' // your route that signs and forwards to the same path

export async function showDynamicQr(canvas) {
  const response = await fetch(`${merchantServer}/v2/codes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      merchantPaymentId: `sample-qr-${crypto.randomUUID()}`,
      amount: { amount: 1, currency: 'JPY' },
      codeType: 'ORDER_QR',
      orderDescription: 'Strawberry shortcake',
      orderItems: [{ name: 'Strawberry shortcake', quantity: 1, unitPrice: { amount: 1, currency: 'JPY' } }],
      requestedAt: Math.floor(Date.now() / 1000),
    }),
  })
  const { resultInfo, data } = await response.json()
  if (response.status !== 201) throw new Error(resultInfo.code)
  await QRCode.toCanvas(canvas, data.url) // the payer scans it with the wallet app
  return data.codeId
}
