// The entry page: pp.init first (nothing else of pp works before it succeeds), then the user's name and balance.
var balanceShown = false

function showBalance() {
  pp.getBalance({
    success: function (res) {
      balanceShown = true
      shop.show('balance', shop.yen(res.balance))
    },
    fail: function (err) {
      shop.show('balance', '—')
      shop.show('status', shop.t('error', { code: err.errorCode }))
    },
  })
}

function showProfile() {
  pp.getUserProfile({
    success: function (profile) {
      var name = profile.nickName || profile.fullName
      shop.show('hello', name ? shop.t('hello', { name: name }) : shop.t('helloGuest'))
    },
    fail: function () {
      shop.show('hello', shop.t('helloGuest'))
    },
  })
}

function topup() {
  pp.topup({
    merchantTopupId: 'CAKE-TOPUP-' + Date.now() + '-' + Math.random().toString(36).slice(2, 10),
    requestedAt: Math.floor(Date.now() / 1000),
    success: showBalance,
    fail: function (err) {
      shop.show('status', shop.t('error', { code: err.errorCode }))
    },
  })
}

pp.init({
  clientId: 'paylab-cake-shop',
  success: function () {
    shop.start('shopTitle', function () {
      showProfile()
      showBalance()
      shop.onLang(showProfile)
      document.getElementById('topup').addEventListener('click', topup)
      document.getElementById('see-cakes').addEventListener('click', function () {
        pp.switchTab({ url: 'pages/menu' })
      })
      // back from a payment or a top-up: the balance has changed
      pp.pageWillAppear({
        success: function () {
          if (balanceShown) showBalance()
        },
      })
      // leaving the page: an old message should not greet the user when they come back
      pp.pageWillDisappear({
        success: function () {
          shop.show('status', '')
        },
      })
    })
  },
  fail: function (err) {
    pp.showErrorSheet({ message: 'pp.init: ' + err.errorCode })
  },
})
