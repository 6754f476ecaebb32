// The newest ticket as a QR code the shop scans (pp.generateCodeImage: qrcode only).
function render() {
  shop.tickets(function (list) {
    var box = document.getElementById('ticket')
    var ticket = list[0]
    if (!ticket) return
    box.textContent = ''
    var name = document.createElement('div')
    name.textContent = shop.lang() === 'ja' ? ticket.name : ticket.nameEn
    var hint = document.createElement('div')
    hint.className = 'muted'
    hint.textContent = shop.t('ticketHint')
    var img = document.createElement('img')
    img.alt = ticket.merchantPaymentId
    img.setAttribute('data-testid', 'ticket-qr')
    box.appendChild(name)
    box.appendChild(hint)
    box.appendChild(img)
    pp.generateCodeImage({
      data: ticket.merchantPaymentId,
      type: 'qrcode',
      size: { width: 200, height: 200 },
      success: function (res) {
        img.src = res.path
      },
      fail: function (err) {
        shop.show('status', shop.t('error', { code: err.errorCode }))
      },
    })
  })
}

shop.start('ticketTitle', function () {
  shop.onLang(render)
  render()
  pp.pageWillAppear({ success: render })
})
