// What the user shared (the consented scopes), the wallet's version, and a few network checks of pp.request.
function showProfile() {
  pp.getUserProfile({
    success: function (p) {
      shop.show('name', p.fullName || shop.t('notShared'))
      shop.show('nickname', p.nickName || shop.t('notShared'))
      shop.show('email', p.email || shop.t('notShared'))
      shop.show('phone', p.phoneNumber || shop.t('notShared'))
    },
    fail: function (err) {
      shop.show('status', shop.t('error', { code: err.errorCode }))
    },
  })
  pp.getPlatformInformation({
    success: function (info) {
      shop.show('app-version', info.appVersion + ' (SDK ' + info.sdkVersion + ')')
    },
  })
}

function check(url) {
  shop.show('network-result', shop.t('loading'))
  pp.request({
    url: url,
    success: function (res) {
      shop.show('network-result', shop.t('ok', { status: res.statusCode }))
    },
    fail: function (err) {
      shop.show('network-result', shop.t('error', { code: err.errorCode }) + (err.errorMessage ? ' — ' + err.errorMessage : ''))
    },
  })
}

shop.start('profileTitle', function () {
  shop.onLang(showProfile)
  showProfile()
  document.getElementById('call-shop').addEventListener('click', function () {
    check(shop.api + '/menu')
  })
  document.getElementById('call-other').addEventListener('click', function () {
    check('https://example.com/')
  })
  document.getElementById('call-missing').addEventListener('click', function () {
    check(shop.api + '/status/404')
  })
})
