// One order: the shop's server creates it (a new merchantPaymentId for every order), the wallet takes the payment.
var cake = null

function render() {
  if (!cake) return
  shop.show('cake-name', shop.cakeName(cake))
  shop.show('price', shop.yen(cake.price))
  shop.show('pay', shop.t('pay', { amount: shop.yen(cake.price) }))
}

function saveTicket(order) {
  shop.tickets(function (list) {
    list.unshift({ orderId: order.orderId, merchantPaymentId: order.merchantPaymentId, cakeId: cake.id, name: cake.name, nameEn: cake.nameEn, at: Date.now() })
    shop.save('storage', 'tickets', JSON.stringify(list.slice(0, 10)))
    pp.switchTab({ url: 'pages/ticket' })
  })
}

function pay() {
  var button = document.getElementById('pay')
  button.disabled = true
  shop.show('status', shop.t('paying'))
  shop.request('/orders', {
    method: 'POST',
    data: { cakeId: cake.id },
    success: function (order) {
      pp.makePayment({
        merchantPaymentId: order.merchantPaymentId,
        amount: order.amount,
        orderDescription: order.orderDescription,
        orderItems: [{ name: cake.name, category: 'cake', quantity: 1, productId: cake.id, unitPrice: { amount: cake.price, currency: 'JPY' } }],
        requestedAt: Math.floor(Date.now() / 1000),
        success: function (res) {
          // a real shop sends res.jws to its server, which verifies it with the wallet's public key before handing
          // the cake over (spec §5)
          shop.show('status', shop.t('paid'))
          saveTicket(order)
        },
        fail: function (err) {
          button.disabled = false
          shop.show('status', err.errorCode === 'USER_CANCELED' ? shop.t('cancelled') : shop.t('error', { code: err.errorCode }))
        },
      })
    },
    fail: function (err) {
      button.disabled = false
      shop.show('status', shop.t('error', { code: err.errorCode }))
    },
  })
}

shop.start('orderTitle', function () {
  shop.onLang(render)
  document.getElementById('pay').addEventListener('click', pay)
  shop.load('session', 'cake', function (text) {
    try {
      cake = text ? JSON.parse(text) : null
    } catch (e) {
      cake = null
    }
    document.getElementById('pay').disabled = !cake
    render()
  })
})
