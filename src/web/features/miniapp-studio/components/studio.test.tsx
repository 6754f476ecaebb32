import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { createActor } from 'xstate'
import { miniappSessionMachine } from '@machines/miniapp-session.machine.ts'
import { describe, expect, it, vi } from 'vitest'
import type { MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'
import { adoptWatchToken, droppedEntries, filesOf, watchApp } from '../api.ts'
import type { BridgeLogEntry, SessionActor, StudioControls } from '../bridge/host.ts'
import { pageUrl } from '../pages.ts'
import { phoneStore } from './phone.test-support.ts'
import { TesterControls } from './controls.tsx'
import { Findings, Inspector, inspectorJson } from './panels.tsx'
import { Phone } from './phone.tsx'

/**
 * The studio's phone, screens and panels as a tester sees them (issue 21, spec §2 "Mini-app screens"): what each
 * StudioUi call shows and what pressing its buttons answers to the bridge host.
 */

const manifest: MiniAppManifest = {
  appName: 'Cake shop',
  version: '1.2.0',
  baseLibraryVersion: '1.0.0',
  pages: ['pages/home', 'pages/menu', 'pages/detail'],
  icon: 'images/icon.png',
  permissions: ['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_user_phone_number'],
  window: {
    navigationBarBackgroundColor: '#ff0033',
    navigationBarTextStyle: 'white',
    navigationBarTitleText: 'Cakes',
    enablePullDownRefresh: true,
    backgroundColor: '#fafafa',
  },
  tabBar: {
    list: [
      { pagePath: 'pages/home', text: 'Home' },
      { pagePath: 'pages/menu', text: 'Menu list' },
    ],
  },
}

function renderPhone(options: { granted?: MiniAppPermission[]; manifest?: MiniAppManifest; hasNewNotification?: boolean } = {}) {
  const app = options.manifest ?? manifest
  const onEvent = vi.fn()
  const onLeave = vi.fn()
  const onReturn = vi.fn()
  const start = () => {
    // every permission answered before (granted or not): the app runs at once after pp.init
    const consent = { granted: options.granted ?? [], answered: app.permissions ?? [] }
    const actor: SessionActor = createActor(miniappSessionMachine, { input: { manifest: app, appVersion: '2.42.0', network: 'online', consent } })
    actor.on('page', (e) => (e.event === 'pageWillDisappear' ? onLeave() : onReturn()))
    actor.start()
    actor.send({ type: 'pp.init', id: 'init' })
    return actor
  }
  const current = { session: start() }
  const store = phoneStore(() => current.session)
  function Harness() {
    const frameRef = useRef<HTMLIFrameElement | null>(null)
    const [session, setSession] = useState(current.session)
    return (
      <Phone
        appId="example"
        manifest={app}
        session={session}
        frameRef={frameRef}
        onPageLoad={() => {}}
        onEvent={onEvent}
        onReopen={() => setSession((current.session = start()))}
        hasNewNotification={options.hasNewNotification}
      />
    )
  }
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  )
  const phone = screen.getByRole('region', { name: 'Mini app phone' })
  const stack = () => current.session.getSnapshot().context.stack
  const granted = () => current.session.getSnapshot().context.granted
  return { store, onEvent, onLeave, onReturn, stack, granted, phone, user: userEvent.setup() }
}

const frameOf = (phone: HTMLElement) => phone.querySelector('iframe')!

describe('the phone', () => {
  it('runs the entry page in a sandboxed frame with no access to the portal, under the window settings', () => {
    const { phone } = renderPhone()
    const frame = frameOf(phone)
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms')
    expect(frame.getAttribute('src')).toBe('/miniapp-run/example/pages/home/home.html')
    const nav = within(phone).getByTestId('studio-nav')
    expect(within(nav).getByRole('heading').textContent).toBe('Cakes')
    expect(nav.style.background).toBe('rgb(255, 0, 51)')
    expect(nav.style.color).toBe('rgb(255, 255, 255)')
    // the mandatory menu, the notification centre and close; no back button on the first page
    for (const name of ['Menu', 'Notification centre', 'Close the mini app']) expect(within(nav).getByRole('button', { name })).toBeTruthy()
    expect(within(nav).queryByRole('button', { name: 'Back' })).toBeNull()
    // tab bar from app.json on a tab page
    const tabs = within(phone).getByRole('navigation', { name: 'Tab bar' })
    expect(within(tabs).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
  })

  it('follows the host: title, navigation style, colours (malformed ones ignored), brightness and navigation with back', async () => {
    const { store, phone, user, onLeave, stack } = renderPhone()
    act(() => store.ui.setTitle('Strawberry'))
    expect(within(phone).getByTestId('studio-title').textContent).toBe('Strawberry')
    act(() => store.ui.setNavigation({ backgroundColor: 'red', textStyle: 'black' }))
    const nav = within(phone).getByTestId('studio-nav')
    expect(nav.style.background).toBe('rgb(255, 0, 51)') // spec §5: a malformed colour does nothing
    expect(nav.style.color).toBe('rgb(17, 17, 17)')
    act(() => store.ui.setBrightness(0.4))
    expect(within(phone).getByTestId('brightness-badge').textContent).toBe('Brightness 40%')
    act(() => store.ui.setBrightness(0))
    expect(within(phone).queryByTestId('brightness-overlay')).toBeNull() // 0 resets
    act(() => store.ui.navigate({ kind: 'navigateTo', page: 'pages/detail', query: 'id=3' }))
    expect(onLeave).toHaveBeenCalledTimes(1)
    expect(frameOf(phone).getAttribute('src')).toBe('/miniapp-run/example/pages/detail/detail.html?id=3')
    expect(within(phone).queryByRole('navigation', { name: 'Tab bar' })).toBeNull() // not a tab page
    await user.click(within(phone).getByRole('button', { name: 'Back' }))
    expect(frameOf(phone).getAttribute('src')).toBe('/miniapp-run/example/pages/home/home.html')
    await user.click(within(phone).getByRole('button', { name: 'Menu list' }))
    expect(frameOf(phone).getAttribute('src')).toBe('/miniapp-run/example/pages/menu/menu.html')
    expect(stack()).toEqual(['pages/menu']) // the user's back and tab presses moved the session's stack
    act(() => store.ui.navigate({ kind: 'navigateTo', page: 'pages/detail' }))
    act(() => store.ui.navigate({ kind: 'popAll', page: 'pages/menu' }))
    expect(frameOf(phone).getAttribute('src')).toBe('/miniapp-run/example/pages/menu/menu.html')
    act(() => store.ui.setNavigation({ style: 'custom' }))
    expect(within(phone).queryByTestId('studio-title')).toBeNull()
    expect(within(phone).getByRole('button', { name: 'Menu' })).toBeTruthy() // the menu stays
  })

  it('sends pull-down refresh and shake to the app, and closes and reopens', async () => {
    const { store, phone, user, onEvent } = renderPhone()
    await user.click(within(phone).getByRole('button', { name: 'Pull down to refresh' }))
    expect(onEvent).toHaveBeenCalledWith('pullDownRefresh')
    await user.click(screen.getByRole('button', { name: 'Shake' }))
    expect(onEvent).toHaveBeenCalledWith('shake')
    act(() => store.ui.setPullDownRefresh(false))
    expect(within(phone).queryByRole('button', { name: 'Pull down to refresh' })).toBeNull()
    await user.click(within(phone).getByRole('button', { name: 'Close the mini app' }))
    expect(frameOf(phone)).toBeNull()
    await user.click(within(phone).getByRole('button', { name: 'Open again' }))
    expect(frameOf(phone).getAttribute('src')).toBe('/miniapp-run/example/pages/home/home.html')
  })

  it("opens the menu with the service's icon and name, details, and settings that revoke a scope or clear everything", async () => {
    const { phone, user, granted } = renderPhone({ granted: ['mini_app_user_name', 'mini_app_payment_balance'] })
    await user.click(within(phone).getByRole('button', { name: 'Menu' }))
    const menu = within(phone).getByRole('dialog', { name: 'Menu' })
    const service = menu.querySelector('.studio-menu__service')!
    expect(service.textContent).toBe('Cake shop')
    expect(service.querySelector('img')!.getAttribute('src')).toBe('/miniapp-run/example/images/icon.png')
    for (const name of ['Details', 'Settings', 'Share', 'Guide', 'Help']) expect(within(menu).getByRole('button', { name })).toBeTruthy()
    await user.click(within(menu).getByRole('button', { name: 'Details' }))
    expect(within(phone).getByText('1.2.0')).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Back to the menu' }))
    await user.click(within(phone).getByRole('button', { name: 'Settings' }))
    const balance = within(phone).getByRole('switch', { name: 'Balance' }) as HTMLInputElement
    expect(balance.checked).toBe(true)
    expect((within(phone).getByRole('switch', { name: 'Phone number' }) as HTMLInputElement).checked).toBe(false)
    await user.click(balance)
    expect(granted()).toEqual(['mini_app_user_name'])
    await user.click(within(phone).getByRole('button', { name: 'Clear authorisation data' }))
    expect(granted()).toEqual([])
  })

  it("shows each page under its own json's window values over app.json's; malformed ones fall back", async () => {
    const { store, phone, user } = renderPhone({
      manifest: {
        ...manifest,
        pageWindows: {
          'pages/detail': { navigationBarTitleText: 'Detail', navigationBarBackgroundColor: '#003366', backgroundColor: 'pink', enablePullDownRefresh: false },
          'pages/menu': { navigationStyle: 'custom', navigationBarTextStyle: 'black' },
        },
      },
    })
    const nav = () => within(phone).getByTestId('studio-nav')
    const screenOf = () => phone.querySelector<HTMLElement>('.studio-phone__screen')!
    act(() => store.ui.navigate({ kind: 'navigateTo', page: 'pages/detail', query: 'id=3' }))
    expect(within(phone).getByTestId('studio-title').textContent).toBe('Detail')
    expect(nav().style.background).toBe('rgb(0, 51, 102)')
    expect(nav().style.color).toBe('rgb(255, 255, 255)') // app.json's text style stays
    expect(screenOf().style.background).toBe('rgb(250, 250, 250)') // 'pink' is malformed: app.json's colour
    expect(within(phone).queryByRole('button', { name: 'Pull down to refresh' })).toBeNull()
    // pp.setTitle still wins on the page, until the next page
    act(() => store.ui.setTitle('Strawberry'))
    expect(within(phone).getByTestId('studio-title').textContent).toBe('Strawberry')
    await user.click(within(phone).getByRole('button', { name: 'Back' }))
    expect(within(phone).getByTestId('studio-title').textContent).toBe('Cakes')
    expect(nav().style.background).toBe('rgb(255, 0, 51)')
    expect(within(phone).getByRole('button', { name: 'Pull down to refresh' })).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Menu list' }))
    expect(within(phone).queryByTestId('studio-title')).toBeNull() // custom: the page draws its own bar
    expect(nav().style.color).toBe('rgb(17, 17, 17)')
  })

  it('pp.openWebview opens the page in a sandboxed web view over the app; back and close return with the lifecycle events', async () => {
    const { store, phone, user, onLeave, onReturn } = renderPhone()
    act(() => store.ui.openWebview({ url: 'https://cakes.example/about?x=1', style: 'modal' }))
    expect(onLeave).toHaveBeenCalledTimes(1)
    const view = within(phone).getByRole('dialog', { name: 'cakes.example' })
    const page = within(view).getByTitle('Web page cakes.example')
    expect(page.getAttribute('src')).toBe('https://cakes.example/about?x=1')
    expect(page.getAttribute('sandbox')).toBe('allow-scripts allow-forms')
    expect(page.getAttribute('referrerpolicy')).toBe('no-referrer')
    // the app's page stays loaded underneath
    expect(within(phone).getByTitle('Mini app page pages/home').getAttribute('src')).toBe('/miniapp-run/example/pages/home/home.html')
    await user.click(within(view).getByRole('button', { name: 'Close the web page' }))
    expect(within(phone).queryByRole('dialog')).toBeNull()
    expect(onReturn).toHaveBeenCalledTimes(1)
    act(() => store.ui.openWebview({ url: 'https://cakes.example/', style: 'slide' }))
    await user.click(within(phone).getByRole('button', { name: 'Back to the mini app' }))
    expect(within(phone).queryByTitle('Web page cakes.example')).toBeNull()
    expect(onLeave).toHaveBeenCalledTimes(2)
    expect(onReturn).toHaveBeenCalledTimes(2)
    // external: the device's browser; the app is not left
    act(() => store.ui.openWebview({ url: 'https://cakes.example/', style: 'external' }))
    expect(within(phone).queryByTitle('Web page cakes.example')).toBeNull()
    expect(within(phone).getByRole('link', { name: 'https://cakes.example/' })).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Close' }))
    expect(onLeave).toHaveBeenCalledTimes(2)
    expect(onReturn).toHaveBeenCalledTimes(2)
  })

  it("shows the tester's unread notification as a red dot and in the notification centre", async () => {
    const { phone, user } = renderPhone({ hasNewNotification: true })
    expect(within(phone).getByTestId('notification-dot')).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Notification centre (unread)' }))
    expect(within(phone).getByRole('dialog', { name: 'Menu' }).textContent).toContain('Cake shop has a new notification.')
  })

  it("pp.openAppSettings opens the menu's settings with the granted scopes", async () => {
    const { store, phone } = renderPhone({ granted: ['mini_app_user_name'] })
    expect(within(phone).queryByRole('switch', { name: 'Full name' })).toBeNull()
    act(() => store.ui.openSettings!())
    expect((within(phone).getByRole('switch', { name: 'Full name' }) as HTMLInputElement).checked).toBe(true)
  })
})

describe("the wallet's screens", () => {
  it('consent: every scope at once, Agree only after scrolling to the end, a switched-off scope is denied', async () => {
    const { store, phone, user } = renderPhone()
    // a consent text longer than its box: Agree waits for the end
    const sizes = { scrollHeight: 600, clientHeight: 200 }
    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => sizes.scrollHeight)
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => sizes.clientHeight)
    let answer: unknown
    act(() => void store.ui.consent({ permissions: manifest.permissions! }).then((a) => (answer = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Permission request' })
    expect(
      within(sheet)
        .getAllByRole('switch')
        .map((s) => (s as HTMLInputElement).checked),
    ).toEqual([true, true, true])
    const agree = within(sheet).getByRole('button', { name: 'Agree and continue' }) as HTMLButtonElement
    expect(agree.disabled).toBe(true)
    await user.click(within(sheet).getByRole('switch', { name: 'Phone number' }))
    const box = within(sheet).getByTestId('consent-scroll')
    box.scrollTop = 400
    act(() => void box.dispatchEvent(new Event('scroll')))
    expect(agree.disabled).toBe(false)
    await user.click(agree)
    expect(answer).toEqual({ granted: ['mini_app_user_name', 'mini_app_payment_balance'] })
    expect(within(phone).queryByRole('dialog')).toBeNull()
    scrollHeight.mockRestore()
    clientHeight.mockRestore()
  })

  it('consent: Cancel answers cancelled', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.consent({ permissions: ['mini_app_user_name'] }).then((a) => (answer = a)))
    await user.click(within(phone).getByRole('button', { name: 'Cancel' }))
    expect(answer).toBe('cancelled')
  })

  it('payment then completion: title, amount with tax, balance as the only method, Pay; then status, order id and close', async () => {
    const { store, phone, user } = renderPhone()
    let paid: unknown
    act(() => void store.ui.payment({ title: 'Strawberry shortcake', amount: 500, balance: 100_000 }).then((a) => (paid = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Payment' })
    expect(within(sheet).getByText('Strawberry shortcake')).toBeTruthy()
    expect(within(sheet).getByTestId('payment-amount').textContent).toContain('¥500')
    expect(within(sheet).getAllByRole('radio')).toHaveLength(1)
    expect(within(sheet).getByText('PayLab balance ¥100,000')).toBeTruthy()
    await user.click(within(sheet).getByRole('button', { name: 'Pay ¥500' }))
    expect(paid).toBe('pay')
    expect((within(sheet).getByRole('button', { name: 'Paying…' }) as HTMLButtonElement).disabled).toBe(true)
    let closed = false
    act(() => void store.ui.completion({ appName: 'Cake shop', amount: 500, status: 'Success', orderId: 'ord-77', cashback: 5 }).then(() => (closed = true)))
    const done = within(phone).getByRole('dialog', { name: 'Payment result' })
    expect(within(done).getByTestId('completion-status').textContent).toBe('Success')
    expect(within(done).getByTestId('completion-amount').textContent).toBe('¥500')
    expect(within(done).getByTestId('completion-order').textContent).toBe('ord-77')
    expect(within(done).getByText('Cashback ¥5 is on its way')).toBeTruthy()
    expect(within(done).getByText('Cake shop')).toBeTruthy()
    await user.click(within(done).getAllByRole('button', { name: 'Close' })[1]!)
    expect(closed).toBe(true)
    expect(within(phone).queryByRole('dialog')).toBeNull()
  })

  it('payment: close answers cancel; an error answer of makePayment takes the waiting screen away', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.payment({ title: 'Cake', amount: 500, balance: 100 }).then((a) => (answer = a)))
    expect(within(phone).getByText('Your balance is less than the amount.')).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Close' }))
    expect(answer).toBe('cancel')
    act(() => void store.ui.payment({ title: 'Cake', amount: 500, balance: 1_000 }))
    await user.click(within(phone).getByRole('button', { name: 'Pay ¥500' }))
    act(() => store.abortPayment())
    expect(within(phone).queryByRole('dialog')).toBeNull()
  })

  it('top-up: refuses 0 with a message, charges a fixed amount', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.topup({ balance: 2_000, fixedAmounts: [1_000, 5_000] }).then((a) => (answer = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Top up' })
    await user.type(within(sheet).getByLabelText('Amount (yen)'), '0')
    await user.click(within(sheet).getByRole('button', { name: 'Charge' }))
    expect(within(sheet).getByText('Enter at least ¥1.')).toBeTruthy()
    await user.click(within(sheet).getByRole('button', { name: '¥5,000' }))
    await user.click(within(sheet).getByRole('button', { name: 'Charge' }))
    expect(answer).toEqual({ amount: 5_000 })
  })

  it('alert answers the index of the button pressed; error sheet and update warning answer too', async () => {
    const { store, phone, user } = renderPhone()
    let index: unknown
    act(() => void store.ui.alert({ title: 'Hello', message: 'Pick one', buttons: ['No', 'Yes'] }).then((i) => (index = i)))
    await user.click(within(phone).getByRole('button', { name: 'Yes' }))
    expect(index).toBe(1)
    let sheetClosed = false
    act(() => void store.ui.errorSheet({ message: 'Something failed' }).then(() => (sheetClosed = true)))
    expect(within(phone).getByRole('alert').textContent).toBe('Something failed')
    await user.click(within(phone).getByRole('button', { name: 'OK' }))
    expect(sheetClosed).toBe(true)
    let choice: unknown
    act(() => void store.ui.showUpdateWarning({ isMandatory: true }).then((c) => (choice = c)))
    expect(within(phone).queryByRole('button', { name: 'Later' })).toBeNull() // mandatory: no way around it
    await user.click(within(phone).getByRole('button', { name: 'Update' }))
    expect(choice).toBe('update')
  })
})

describe('panels', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

  it("tester's controls: version, outcome, forcing a §8 code on a function, installed apps, notification, reset consent", async () => {
    const user = userEvent.setup()
    const onReset = vi.fn()
    const seen: StudioControls[] = []
    function Harness() {
      const [controls, setControls] = useState<StudioControls>({
        userId: 'taro',
        appVersion: '2.42.0',
        lang: 'en',
        nextPaymentOutcome: 'success',
        forced: {},
        network: 'online',
        installedApps: [],
        hasNewNotification: false,
      })
      return (
        <TesterControls
          controls={controls}
          onChange={(next) => {
            seen.push(next)
            setControls(next)
          }}
          users={[
            { userId: 'taro', name: 'Taro Yamada', balance: 100_000 },
            { userId: 'hanako', name: 'hanako', balance: undefined },
          ]}
          usersFailed={false}
          onResetConsent={onReset}
        />
      )
    }
    render(
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>,
    )
    expect(screen.getByRole('option', { name: 'Taro Yamada (¥100,000)' })).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Wallet app version'), '2.31.0')
    await user.selectOptions(screen.getByLabelText('Next payment'), 'insufficient')
    await user.selectOptions(screen.getByLabelText('Network'), 'offline')
    await user.selectOptions(screen.getByLabelText('Bridge function'), 'getBalance')
    await user.selectOptions(screen.getByLabelText('Error code'), 'INSUFFICIENT_SCOPE')
    await user.click(screen.getByRole('button', { name: 'Force' }))
    expect(seen.at(-1)).toMatchObject({
      appVersion: '2.31.0',
      nextPaymentOutcome: 'insufficient',
      network: 'offline',
      forced: { getBalance: 'INSUFFICIENT_SCOPE' },
    })
    await user.type(screen.getByLabelText('Installed apps'), ' CakeShop:// {Enter}{Enter}jp.example.wallet')
    await user.click(screen.getByLabelText('Unread notification (pp.loadNotificationStatus)'))
    expect(seen.at(-1)).toMatchObject({ installedApps: ['CakeShop://', 'jp.example.wallet'], hasNewNotification: true })
    expect((screen.getByLabelText('Installed apps') as HTMLTextAreaElement).value).toBe(' CakeShop:// \n\njp.example.wallet')
    await user.click(screen.getByRole('button', { name: 'Remove the forced error of pp.getBalance' }))
    expect(seen.at(-1)!.forced).toEqual({})
    await user.click(screen.getByRole('button', { name: 'Reset consent' }))
    expect(onReset).toHaveBeenCalled()
  })

  it('inspector: every entry with its data, exported as JSON', async () => {
    const user = userEvent.setup()
    const entries: BridgeLogEntry[] = [
      { at: '2026-11-26T01:00:00.000Z', direction: 'call', name: 'getBalance', id: '1', params: {} },
      {
        at: '2026-11-26T01:00:00.020Z',
        direction: 'answer',
        name: 'getBalance',
        id: '1',
        error: { errorCode: 'INSUFFICIENT_SCOPE', errorMessage: 'no scope' },
        ms: 20,
      },
      { at: '2026-11-26T01:00:01.000Z', direction: 'event', name: 'shake' },
    ]
    const created: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:x'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    render(
      <I18nProvider i18n={i18n}>
        <Inspector appId="example" entries={entries} onClear={() => {}} />
      </I18nProvider>,
    )
    const list = screen.getByRole('list', { name: 'Bridge calls' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByText('INSUFFICIENT_SCOPE: no scope')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(click).toHaveBeenCalled()
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ appId: 'example', entries })
    expect(JSON.parse(inspectorJson('a', entries)).entries).toHaveLength(3)
    click.mockRestore()
  })

  it('findings: every finding with its path, message and fix', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Findings
          checked
          findings={[
            { severity: 'error', rule: 'required', path: '$.appName', message: 'appName is required', fix: 'Add appName' },
            { severity: 'warning', rule: 'unknown-key', path: '$.foo', message: 'Unknown key', fix: '' },
          ]}
        />
      </I18nProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('1 errors, 1 warnings')
    const items = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem')
    expect(items.map((i) => i.getAttribute('data-severity'))).toEqual(['error', 'warning'])
    expect(within(items[0]!).getByText('$.appName')).toBeTruthy()
    expect(within(items[0]!).getByText('Add appName')).toBeTruthy()
  })
})

describe('loading a folder', () => {
  it('takes paths relative to the folder holding app.json and leaves hidden files out', async () => {
    const file = (text: string) => new Blob([text])
    const files = await filesOf([
      { path: 'my-app/app.json', file: file('{}') },
      { path: 'my-app/pages/home/home.html', file: file('<p>hi</p>') },
      { path: 'my-app/.git/config', file: file('x') },
      { path: 'my-app/pages/.DS_Store', file: file('x') },
    ])
    expect([...files.keys()]).toEqual(['app.json', 'pages/home/home.html'])
    expect(new TextDecoder().decode(files.get('pages/home/home.html'))).toBe('<p>hi</p>')
  })

  it('walks a dropped folder through its entries (DataTransfer items)', async () => {
    const fileEntry = (name: string, text: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (f: File) => void) => ok(new File([text], name)) })
    const dir = (name: string, children: unknown[]) => {
      let read = false
      return {
        isFile: false,
        isDirectory: true,
        name,
        createReader: () => ({
          readEntries: (ok: (e: unknown[]) => void) => {
            ok(read ? [] : children)
            read = true
          },
        }),
      }
    }
    const root = dir('shop', [fileEntry('app.json', '{}'), dir('pages', [dir('home', [fileEntry('home.html', '<p/>')])])])
    const data = { items: [{ webkitGetAsEntry: () => root }], files: [] } as unknown as DataTransfer
    const entries = await droppedEntries(data)
    expect(entries.map((e) => e.path)).toEqual(['shop/app.json', 'shop/pages/home/home.html'])
    expect([...(await filesOf(entries)).keys()]).toEqual(['app.json', 'pages/home/home.html'])
  })

  it("reloads on the folder's change events and stops listening when left", () => {
    const sources: Array<{ url: string; listeners: Record<string, () => void>; closed: boolean }> = []
    vi.stubGlobal(
      'EventSource',
      class {
        record: (typeof sources)[number]
        constructor(url: string) {
          this.record = { url, listeners: {}, closed: false }
          sources.push(this.record)
        }
        addEventListener(name: string, fn: () => void) {
          this.record.listeners[name] = fn
        }
        close() {
          this.record.closed = true
        }
      },
    )
    const onChanged = vi.fn()
    const stop = watchApp('ma_1', 'tok_1', onChanged)
    expect(sources[0]!.url).toBe('/dev/v1/miniapp/apps/ma_1/events?token=tok_1')
    sources[0]!.listeners.changed!()
    expect(onChanged).toHaveBeenCalledTimes(1)
    stop()
    expect(sources[0]!.closed).toBe(true)
    vi.unstubAllGlobals()
  })

  it("keeps the edit token of npm run miniapp's URL in the tab and takes it out of the address bar", () => {
    window.history.replaceState(null, '', '/miniapp/studio?app=ma_2#watch=tok_2')
    expect(adoptWatchToken('ma_2')).toBe('tok_2')
    expect(window.location.hash).toBe('')
    expect(window.location.search).toBe('?app=ma_2')
    // a reload of the tab follows the app still; another app is not followed
    expect(adoptWatchToken('ma_2')).toBe('tok_2')
    expect(adoptWatchToken('ma_3')).toBeNull()
    sessionStorage.clear()
  })

  it('builds page addresses from page folders', () => {
    expect(pageUrl('abc', 'pages/home')).toBe('/miniapp-run/abc/pages/home/home.html')
    expect(pageUrl('abc', '/pages/list?x=1&y=2')).toBe('/miniapp-run/abc/pages/list/list.html?x=1&y=2')
  })
})
