import { describe, expect, it } from 'vitest'
import type { MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'
import { versionBelow, windowOf } from './host.ts'
import { baseManifest, setup, taro, type ConsentStore } from './host-harness.test-support.ts'

describe('the mini-app bridge (pp client ↔ studio host)', () => {
  it('lets nothing but pp.init work first, and asks consent for every registered permission at once', async () => {
    const b = setup({ consent: ['mini_app_user_name', 'mini_app_kyc'] })
    expect(await b.code('getBalance')).toBe('UNKNOWN')
    expect(await b.code('setTitle', { title: 'x' })).toBe('UNKNOWN')
    expect(b.context().chrome.title).toBeNull()
    const init = await b.run('init')
    expect(init.ok).toHaveLength(1)
    expect(b.ui.consent).toHaveBeenCalledWith({ permissions: baseManifest.permissions })
    expect(b.consents()).toEqual(['mini_app_user_name', 'mini_app_kyc'])
    await b.run('init')
    expect(b.ui.consent).toHaveBeenCalledTimes(1)
    expect((await b.run('setTitle', { title: 'Menu' })).ok).toHaveLength(1)
    expect(b.context().chrome.title).toBe('Menu')
    // the inspector saw the call and its answer with the time taken
    expect(b.log.filter((e) => e.name === 'setTitle' && e.direction === 'answer').at(-1)).toMatchObject({ result: {}, ms: expect.any(Number) })
  })

  it('arms the gate again after Reset consent, and asks at the next pp.init only the permissions the app added since', async () => {
    const stored: ConsentStore = { record: null }
    const first = setup({ stored, manifest: { ...baseManifest, permissions: ['mini_app_user_name'] }, consent: ['mini_app_user_name'] })
    await first.run('init')
    expect(first.ui.consent).toHaveBeenCalledWith({ permissions: ['mini_app_user_name'] })
    expect((await first.run('getUserProfile')).ok).toHaveLength(1)
    // Reset consent: the studio clears what was answered and starts a new session, whose gate is armed again
    stored.record = null
    first.host.restart()
    expect(await first.code('getUserProfile')).toBe('UNKNOWN')
    expect(await first.code('getBalance')).toBe('UNKNOWN')
    await first.run('init')
    expect(first.ui.consent).toHaveBeenCalledTimes(2)

    // the developer adds permissions to app.json while the app is watched: the new upload opens a new session on the
    // same consent record; what was answered stays answered, the next pp.init asks for the new ones only
    const added: MiniAppPermission[] = ['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_kyc']
    const second = setup({ stored, manifest: { ...baseManifest, permissions: added }, consent: ['mini_app_payment_balance'] })
    expect(await second.code('getBalance')).toBe('UNKNOWN')
    expect((await second.run('init')).ok).toHaveLength(1)
    expect(second.ui.consent).toHaveBeenCalledTimes(1)
    expect(second.ui.consent).toHaveBeenCalledWith({ permissions: ['mini_app_payment_balance', 'mini_app_kyc'] })
    expect(second.consents()).toEqual(expect.arrayContaining(['mini_app_user_name', 'mini_app_payment_balance']))
    expect(second.consents()).not.toContain('mini_app_kyc')
    expect((await second.run('getBalance')).ok).toHaveLength(1)
    expect(await second.code('getKycInformation')).toBe('INSUFFICIENT_SCOPE')
  })

  it('refused consent fails init with USER_CANCELED and keeps the app locked', async () => {
    const b = setup({ consent: 'cancelled' })
    expect(await b.code('init')).toBe('USER_CANCELED')
    expect(await b.code('getUserProfile')).toBe('UNKNOWN')
  })

  it('follows the consented scopes: INSUFFICIENT_SCOPE, phoneNumber null without its scope, KYC as §3', async () => {
    const b = setup({ consent: ['mini_app_user_name', 'mini_app_kyc'] })
    await b.run('init')
    const profile = await b.run('getUserProfile')
    expect(profile.ok[0]).toMatchObject({ fullName: '山田 太郎', phoneNumber: null, email: null })
    expect(await b.code('getBalance')).toBe('INSUFFICIENT_SCOPE')
    expect((await b.run('getKycInformation')).ok[0]).toEqual({ status: 'NOT_COMPLETED', kycAt: null, kycInfo: null })

    const none = setup({ consent: [] })
    await none.run('init')
    expect(await none.code('getUserProfile')).toBe('INSUFFICIENT_SCOPE')
    expect(await none.code('getKycInformation')).toBe('INSUFFICIENT_SCOPE')
  })

  it('pays through the payment and completion screens with the tester’s outcome, and cancels without paying', async () => {
    const b = setup({ controls: { nextPaymentOutcome: 'success' } })
    await b.run('init')
    const request = { merchantPaymentId: 'M-1', amount: { amount: 500, currency: 'JPY' }, orderDescription: 'Strawberry shortcake' }
    const paid = await b.run('makePayment', request)
    expect(paid.ok[0]).toEqual({ status: 'COMPLETED', paymentId: 'pay_1', merchantPaymentId: 'M-1', jws: 'e.y.s' })
    expect(b.ui.payment).toHaveBeenCalledWith({ title: 'Strawberry shortcake', amount: 500, balance: 10_000 })
    expect(b.api.pay).toHaveBeenCalledWith(
      expect.objectContaining({ userId: taro.id, outcome: 'success', request: expect.objectContaining({ merchantPaymentId: 'M-1', isAuthorization: false }) }),
    )
    expect(b.ui.completion).toHaveBeenCalledWith({ appName: 'Cakes', amount: 500, status: 'Success', orderId: 'M-1' })

    b.ui.payment.mockResolvedValueOnce('cancel')
    expect(await b.code('makePayment', request)).toBe('USER_CANCELED')
    expect(b.api.pay).toHaveBeenCalledTimes(1)
    expect(await b.code('makePayment', { amount: { amount: 500, currency: 'JPY' } })).toBe('BAD_REQUEST_INSUFFICIENT_PARAMETER')
    expect(await b.code('makePayment', { ...request, amount: { amount: -1, currency: 'JPY' } })).toBe('INVALID_DATA')

    b.api.pay.mockResolvedValueOnce({
      status: 'FAILED',
      paymentId: 'p2',
      merchantPaymentId: 'M-2',
      amount: 500,
      balance: 100,
      jws: null,
      error: { errorCode: 'SERVER_ERROR', errorMessage: 'insufficient balance' },
    })
    expect(await b.code('makePayment', { ...request, merchantPaymentId: 'M-2' })).toBe('SERVER_ERROR')
    expect(b.ui.completion).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'Failed', orderId: 'M-2' }))
  })

  it('gates features by the wallet version of §9, as the real app would fail', async () => {
    expect(versionBelow('2.39.0', '2.40.0')).toBe(true)
    expect(versionBelow('2.40.0', '2.40.0')).toBe(false)
    const old = setup({ controls: { appVersion: '2.39.0' } })
    await old.run('init')
    expect(await old.code('makePayment', { merchantPaymentId: 'M', amount: { amount: 1, currency: 'JPY' } })).toBe('UNKNOWN')
    expect(await old.code('topup')).toBe('UNKNOWN')
    expect(await old.code('generateCodeImage', { data: 'x' })).toBeUndefined()
    const older = setup({ controls: { appVersion: '2.31.0' } })
    await older.run('init')
    expect(older.ui.consent).not.toHaveBeenCalled()
    expect(await older.code('generateCodeImage', { data: 'x' })).toBe('UNKNOWN')
    expect(await older.code('loadNotificationStatus')).toBe('UNKNOWN')
    expect(await older.code('getUAID')).toBe('UNKNOWN')
  })

  it('answers a forced error once, and the offline network with NOT_REACHABLE before any request leaves', async () => {
    const b = setup({ controls: { forced: { setTitle: 'SERVER_ERROR' } } })
    await b.run('init')
    expect(await b.code('setTitle', { title: 'x' })).toBe('SERVER_ERROR')
    expect(b.forcedUsed).toEqual(['setTitle'])
    expect(await b.code('setTitle', { title: 'x' })).toBeUndefined()
    b.host.session().send({ type: 'controls.set', network: 'offline' })
    expect(await b.code('request', { url: 'https://cakes.example/menu' })).toBe('NOT_REACHABLE')
    expect(b.api.request).not.toHaveBeenCalled()
    b.host.session().send({ type: 'controls.set', network: 'online' })
    b.api.request.mockResolvedValueOnce({ errorCode: 'NONE_WHITELIST_DOMAIN', errorMessage: 'none whitelist domain' })
    expect(await b.code('request', { url: 'https://evil.example/' })).toBe('NONE_WHITELIST_DOMAIN')
    expect((await b.run('request', { url: 'https://cakes.example/menu' })).ok[0]).toEqual({ statusCode: 200, data: { ok: true } })
  })

  it('checks values as §5 says: qrcode only, brightness 0.0–1.0 with 0 reset, malformed colours ignored, validTimeMinutes never 0', async () => {
    const b = setup()
    await b.run('init')
    expect((await b.run('generateCodeImage', { data: 'ticket-1', type: 'qrcode', size: { width: 120, height: 120 } })).ok).toHaveLength(1)
    const qr = (await b.run('generateCodeImage', { data: 'ticket-1' })).ok[0] as { path: string }
    expect(qr.path).toMatch(/^data:image\/png;base64,/)
    expect(await b.code('generateCodeImage', { data: 'x', type: 'barcode' })).toBe('COULD_NOT_GENERATE_BARCODE')
    expect(await b.code('generateCodeImage', {})).toBe('BAD_REQUEST_INSUFFICIENT_PARAMETER')

    await b.run('setScreenBrightness', { value: 0.4 })
    expect(b.context().chrome.brightness).toBe(0.4)
    await b.run('setScreenBrightness', { value: 0 })
    expect(b.context().chrome.brightness).toBe(0)
    expect(await b.code('setScreenBrightness', { value: 1.5 })).toBe('INVALID_DATA')

    for (const color of ['red', '#12', '#gggggg', 42]) await b.run('setNavigationBarBackgroundColor', { color })
    await b.run('setBackgroundColor', { color: 'rgb(0,0,0)' })
    await b.run('setNavigationBarTextStyle', { style: 'purple' })
    await b.run('setNavigationStyle', { style: 'floating' })
    const untouched = { navigationStyle: 'default', navigationBarBackgroundColor: '#ffffff', navigationBarTextStyle: 'black', backgroundColor: '#ffffff' }
    expect(b.context().chrome).toMatchObject(untouched)
    await b.run('setNavigationBarBackgroundColor', { color: '#ff0033' })
    await b.run('setNavigationBarTextStyle', { style: 'white' })
    expect(b.context().chrome).toMatchObject({ ...untouched, navigationBarBackgroundColor: '#ff0033', navigationBarTextStyle: 'white' })

    expect(await b.code('getUserLocation', { validTimeMinutes: 0 })).toBe('INVALID_DATA')
    expect((await b.run('getUserLocation', { validTimeMinutes: 5 })).ok[0]).toMatchObject({ latitude: expect.any(Number) })
  })

  it('keeps the page stack: navigateTo/back, switchTab only to a registered tab without parameters, webviews only to whitelisted hosts', async () => {
    const b = setup()
    await b.run('init')
    await b.run('navigateTo', { url: '/pages/cart/cart.html?x=1' })
    expect(b.host.currentPage()).toBe('pages/cart')
    await b.run('navigateBack')
    expect(b.host.currentPage()).toBe('pages/home')
    expect(await b.code('navigateBack')).toBe('NO_VALUE_FOUND')
    expect(await b.code('navigateTo', { url: 'pages/nowhere' })).toBe('INVALID_URL')
    expect(await b.code('switchTab', { url: 'pages/menu?tab=1' })).toBe('INVALID_URL')
    expect(await b.code('switchTab', { url: 'pages/cart' })).toBe('INVALID_URL')
    await b.run('navigateTo', { url: 'pages/cart?x=1' })
    expect(b.context().stack).toEqual(['pages/home', 'pages/cart?x=1'])
    await b.run('switchTab', { url: 'pages/menu' })
    expect(b.context().stack).toEqual(['pages/menu'])
    // the frame left its page each time: pageWillDisappear went to the app
    expect(b.log.filter((e) => e.direction === 'event' && e.name === 'pageWillDisappear')).toHaveLength(4)
    expect(await b.code('openWebview', { url: 'https://evil.example/', style: 'modal' })).toBe('NONE_WHITELIST_DOMAIN')
    expect(await b.code('openWebview', { url: 'http://cakes.example/' })).toBe('INVALID_URL')
    await b.run('openWebview', { url: 'https://cakes.example/about', style: 'modal' })
    expect(b.context().webview).toEqual({ url: 'https://cakes.example/about', style: 'modal' })
  })

  it('keeps storage per app and session data until the app closes', async () => {
    const a = setup({ appId: 'ma_appaaaaaaaaaaaaaaaa' })
    const other = setup({ appId: 'ma_appbbbbbbbbbbbbbbbb' })
    await a.run('init')
    await other.run('init')
    await a.run('setStorageData', { key: 'cart', value: ['strawberry'] })
    expect((await a.run('getStorageData', { key: 'cart' })).ok[0]).toEqual({ key: 'cart', data: ['strawberry'], value: ['strawberry'] })
    expect(await other.code('getStorageData', { key: 'cart' })).toBe('NO_VALUE_FOUND')
    await a.run('removeStorageData', { key: 'cart' })
    expect(await a.code('getStorageData', { key: 'cart' })).toBe('NO_VALUE_FOUND')
    await a.run('setSessionData', { key: 'step', data: 2 })
    expect((await a.run('getSessionData', { key: 'step' })).ok[0]).toEqual({ key: 'step', data: 2, value: 2 })
    await a.run('closeApp')
    expect(a.host.session().getSnapshot().status).toBe('done')
    // opened again: a new session, whose gate is armed again
    a.host.restart()
    expect(await a.code('getSessionData', { key: 'step' })).toBe('UNKNOWN')
    await a.run('init')
    expect(await a.code('getSessionData', { key: 'step' })).toBe('NO_VALUE_FOUND')
    expect(await a.code('getAppLaunchOptions')).toBe('NULL_OPTION')
    await a.run('registerAppLaunchOptions', { text: 'Open the menu', options: { page: 'menu' } })
    expect((await a.run('getAppLaunchOptions')).ok[0]).toEqual({ text: 'Open the menu', options: { page: 'menu' } })
    expect((await a.run('getPlatformInformation')).ok[0]).toMatchObject({ appVersion: '2.42.0', sdkVersion: '2.40.0' })
    expect((await a.run('checkAppInstall', { packageName: 'jp.example' })).ok[0]).toEqual({ status: 'NOT_INSTALLED' })
    expect(a.host.session().getSnapshot().value).toEqual({ running: 'app' })
    expect(await a.run('showAlert', { message: 'Hi', buttons: ['No', 'Yes'] })).toEqual({ ok: [{ index: 1 }], fail: [] })
    expect((await a.run('getTopBarHeight')).ok[0]).toEqual({ height: 88, statusBarHeight: 44 })
  })

  it('fires lifecycle and shake events to their registrations every time, and ignores messages from other windows', async () => {
    const b = setup()
    const appeared: unknown[] = []
    b.pp.pageWillAppear!({ success: (r: unknown) => appeared.push(r) })
    let shakes = 0
    await b.run('init')
    b.pp.detectShakeMotion!({ success: () => shakes++ })
    await new Promise((r) => setTimeout(r, 5))
    b.host.emit('pageWillAppear')
    b.host.emit('pageWillAppear', { page: 'pages/home' })
    b.host.emit('shake')
    await new Promise((r) => setTimeout(r, 5))
    expect(appeared).toEqual([undefined, { page: 'pages/home' }])
    expect(shakes).toBe(1)

    const before = b.log.length
    b.w.stranger.postMessage({ pp: 1, id: 'x', name: 'closeApp', params: {} })
    await new Promise((r) => setTimeout(r, 5))
    expect(b.host.session().getSnapshot().status).toBe('active')
    expect(b.log.length).toBe(before)
    b.host.dispose()
  })

  it("answers checkAppInstall and loadNotificationStatus from the tester's controls", async () => {
    const b = setup({ controls: { installedApps: ['CakeShop://', 'jp.example.wallet'], hasNewNotification: true } })
    await b.run('init')
    const status = async (params: Record<string, unknown>) => (await b.run('checkAppInstall', params)).ok[0]
    expect(await status({ scheme: 'cakeshop://' })).toEqual({ status: 'INSTALLED' })
    expect(await status({ scheme: 'cakeshop' })).toEqual({ status: 'INSTALLED' })
    expect(await status({ packageName: 'JP.example.wallet' })).toEqual({ status: 'INSTALLED' })
    expect(await status({ packageName: 'jp.example.other' })).toEqual({ status: 'NOT_INSTALLED' })
    expect(await b.code('checkAppInstall')).toBe('BAD_REQUEST_INSUFFICIENT_PARAMETER')
    expect((await b.run('loadNotificationStatus')).ok[0]).toEqual({ hasNewNotification: true })
    b.controls.hasNewNotification = false
    b.controls.installedApps = []
    expect((await b.run('loadNotificationStatus')).ok[0]).toEqual({ hasNewNotification: false })
    expect(await status({ scheme: 'cakeshop://' })).toEqual({ status: 'NOT_INSTALLED' })
  })

  it("opens a web view only online; the top bar follows the shown page's own window", async () => {
    const b = setup({
      manifest: { ...baseManifest, window: { navigationStyle: 'default' }, pageWindows: { 'pages/cart': { navigationStyle: 'custom' } } },
      controls: { network: 'offline' },
    })
    await b.run('init')
    expect((await b.run('openWebview', { url: 'https://cakes.example/about', style: 'slide' })).fail[0]).toEqual({
      errorCode: 'NOT_REACHABLE',
      errorMessage: 'networking not reachable',
    })
    expect(b.context().webview).toBeNull()
    b.host.session().send({ type: 'controls.set', network: 'online' })
    await b.run('openWebview', { url: 'https://cakes.example/about', style: 'slide' })
    expect(b.context().webview).toEqual({ url: 'https://cakes.example/about', style: 'slide' })
    expect((await b.run('getTopBarHeight')).ok[0]).toEqual({ height: 88, statusBarHeight: 44 })
    await b.run('navigateTo', { url: 'pages/cart' })
    expect((await b.run('getTopBarHeight')).ok[0]).toEqual({ height: 44, statusBarHeight: 44 })
  })

  it("windowOf: a page's own json overrides app.json's window value by value; malformed values fall back", () => {
    const manifest: MiniAppManifest = {
      ...baseManifest,
      window: { navigationBarTitleText: 'Cakes', navigationBarBackgroundColor: '#ff0033', navigationBarTextStyle: 'white', enablePullDownRefresh: true },
      pageWindows: {
        'pages/cart': {
          navigationBarTitleText: 'Cart',
          navigationBarBackgroundColor: 'red',
          navigationBarTextStyle: 'purple' as 'black',
          enablePullDownRefresh: false,
          backgroundColor: '#000',
        },
      },
    }
    expect(windowOf(manifest, 'pages/home')).toEqual(manifest.window)
    expect(windowOf(manifest, '/pages/cart/?id=1')).toEqual({
      navigationBarTitleText: 'Cart',
      navigationBarBackgroundColor: '#ff0033',
      navigationBarTextStyle: 'white',
      enablePullDownRefresh: false,
      backgroundColor: '#000',
    })
  })

  it('tops up through the top-up screen and gets the balance and a JWS', async () => {
    const b = setup()
    await b.run('init')
    expect((await b.run('topup', { merchantTopupId: 'T-1' })).ok[0]).toEqual({ jws: 't.o.p', balance: 13_000 })
    expect(b.ui.topup).toHaveBeenCalledWith({ balance: 10_000, fixedAmounts: [1000, 3000, 5000, 10000] })
    expect(b.api.topup).toHaveBeenCalledWith({ appId: expect.any(String), userId: taro.id, amount: 3_000, merchantTopupId: 'T-1' })
    b.ui.topup.mockResolvedValueOnce('cancelled')
    expect(await b.code('topup')).toBe('USER_CANCELED')
    expect((await b.run('getUAID')).ok[0]).toEqual({ jws: 'u.a.id' })
  })
})
