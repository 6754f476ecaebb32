// The cake shop's shared code: texts in Japanese and English, the language choice, yen amounts and the address of
// the shop's own server (whitelisted in app.json). `pp` is the wallet's global: no script tag loads it.
;(function () {
  var api = 'https://api.cakeshop.example'
  var texts = {
    ja: {
      shopTitle: 'ケーキショップ',
      hello: 'こんにちは、{name}さん',
      helloGuest: 'こんにちは',
      balance: '残高',
      topup: 'チャージ',
      seeCakes: 'ケーキを見る',
      menuTitle: 'ケーキ',
      buy: '買う',
      orderTitle: 'ご注文',
      pay: '{amount}を支払う',
      paying: 'お支払い中…',
      paid: 'お支払いが完了しました',
      cancelled: 'お支払いをキャンセルしました',
      ticketTitle: '引換券',
      ticketHint: 'お店でこのQRコードを見せてください',
      noTicket: '引換券はまだありません',
      profileTitle: 'マイページ',
      name: '名前',
      nickname: 'ニックネーム',
      email: 'メール',
      phone: '電話番号',
      notShared: '共有されていません',
      app: 'ウォレットのバージョン',
      network: '通信の確認',
      callShop: 'ショップのサーバー',
      callOther: '許可されていないサーバー',
      callMissing: '存在しないページ',
      ok: '成功：{status}',
      error: 'エラー：{code}',
      language: 'English',
      loading: '読み込み中…',
    },
    en: {
      shopTitle: 'Cake Shop',
      hello: 'Hello, {name}',
      helloGuest: 'Hello',
      balance: 'Balance',
      topup: 'Top up',
      seeCakes: 'See the cakes',
      menuTitle: 'Cakes',
      buy: 'Buy',
      orderTitle: 'Your order',
      pay: 'Pay {amount}',
      paying: 'Paying…',
      paid: 'Payment completed',
      cancelled: 'Payment cancelled',
      ticketTitle: 'Tickets',
      ticketHint: 'Show this QR code at the shop',
      noTicket: 'No ticket yet',
      profileTitle: 'Me',
      name: 'Name',
      nickname: 'Nickname',
      email: 'E-mail',
      phone: 'Phone',
      notShared: 'Not shared',
      app: 'Wallet version',
      network: 'Network checks',
      callShop: "The shop's server",
      callOther: 'A server not whitelisted',
      callMissing: 'A missing page',
      ok: 'OK: {status}',
      error: 'Error: {code}',
      language: '日本語',
      loading: 'Loading…',
    },
  }
  var lang = 'ja'
  var listeners = []

  function t(key, values) {
    var text = (texts[lang] && texts[lang][key]) || texts.en[key] || key
    return text.replace(/\{(\w+)\}/g, function (_, name) {
      return values && values[name] !== undefined ? String(values[name]) : ''
    })
  }
  function yen(amount) {
    return lang === 'ja' ? amount.toLocaleString('ja-JP') + '円' : '¥' + amount.toLocaleString('en-US')
  }
  /** Fills every element with a data-t attribute, and the page's title. */
  function apply(titleKey) {
    document.documentElement.lang = lang
    var nodes = document.querySelectorAll('[data-t]')
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = t(nodes[i].getAttribute('data-t'))
    if (titleKey) pp.setTitle({ title: t(titleKey) })
    listeners.forEach(function (fn) {
      fn(lang)
    })
  }
  function setLang(next, titleKey) {
    lang = next === 'en' ? 'en' : 'ja'
    save('storage', 'lang', lang)
    apply(titleKey)
  }
  /**
   * Starts a page: the language saved by the toggle, else the wallet's (getPlatformInformation, when it tells one),
   * else Japanese; then the texts, the toggle button, and `ready`.
   */
  /**
   * Storage and session data: written under `data` (the API reference's name) and `value`, read from either, so the
   * shop runs on wallets that name the field either way.
   */
  function save(kind, key, text) {
    pp[kind === 'session' ? 'setSessionData' : 'setStorageData']({ key: key, data: text, value: text })
  }
  function load(kind, key, done) {
    pp[kind === 'session' ? 'getSessionData' : 'getStorageData']({
      key: key,
      success: function (res) {
        var text = res && (res.data !== undefined ? res.data : res.value)
        done(typeof text === 'string' ? text : null)
      },
      fail: function () {
        done(null)
      },
    })
  }
  function start(titleKey, ready) {
    var button = document.createElement('button')
    button.className = 'lang secondary'
    button.setAttribute('data-t', 'language')
    button.addEventListener('click', function () {
      setLang(lang === 'ja' ? 'en' : 'ja', titleKey)
    })
    document.body.appendChild(button)
    var go = function () {
      apply(titleKey)
      ready()
    }
    load('storage', 'lang', function (saved) {
      if (saved) {
        lang = saved === 'en' ? 'en' : 'ja'
        go()
      } else {
        pp.getPlatformInformation({
          success: function (info) {
            var wallet = (info && (info.language || info.lang)) || ''
            lang = /^en/i.test(wallet) ? 'en' : 'ja'
            go()
          },
          fail: go,
        })
      }
    })
  }
  /** pp.request to the shop's own server. */
  function request(path, options) {
    pp.request({
      url: api + path,
      method: options.method || 'GET',
      data: options.data,
      header: { 'content-type': 'application/json' },
      success: function (res) {
        options.success(res.data, res.statusCode)
      },
      fail: options.fail,
    })
  }
  function cakeName(cake) {
    return lang === 'ja' ? cake.name : cake.nameEn
  }
  /** The tickets bought on this device, newest first. */
  function tickets(done) {
    load('storage', 'tickets', function (text) {
      try {
        done(JSON.parse(text || '[]') || [])
      } catch (e) {
        done([])
      }
    })
  }
  function show(id, text) {
    var node = document.getElementById(id)
    if (node) node.textContent = text
  }

  window.shop = {
    api: api,
    t: t,
    yen: yen,
    start: start,
    request: request,
    cakeName: cakeName,
    tickets: tickets,
    show: show,
    save: save,
    load: load,
    lang: function () {
      return lang
    },
    onLang: function (fn) {
      listeners.push(fn)
    },
  }
})()
