// The cakes, from the shop's own server (pp.request to its whitelisted host).
var cakes = []

function render() {
  var list = document.getElementById('cakes')
  list.textContent = ''
  cakes.forEach(function (cake) {
    var card = document.createElement('section')
    card.className = 'card row'
    var text = document.createElement('div')
    var name = document.createElement('div')
    name.textContent = shop.cakeName(cake)
    var price = document.createElement('div')
    price.className = 'muted'
    price.textContent = shop.yen(cake.price)
    text.appendChild(name)
    text.appendChild(price)
    var buy = document.createElement('button')
    buy.textContent = shop.t('buy')
    buy.setAttribute('data-testid', 'buy-' + cake.id)
    buy.addEventListener('click', function () {
      shop.save('session', 'cake', JSON.stringify(cake))
      pp.navigateTo({ url: 'pages/order?cake=' + cake.id })
    })
    card.appendChild(text)
    card.appendChild(buy)
    list.appendChild(card)
  })
}

function load() {
  shop.request('/menu', {
    success: function (data) {
      cakes = (data && data.cakes) || []
      render()
    },
    fail: function (err) {
      shop.show('status', shop.t('error', { code: err.errorCode }))
    },
  })
}

shop.start('menuTitle', function () {
  shop.onLang(render)
  load()
})
