import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { manifest, renderPhone } from './phone-harness.test-support.tsx'

/**
 * The studio's phone as a tester sees it (issue 21, spec §2 "Mini-app screens"): the app's frame under its window
 * settings, what each StudioUi call shows on it, and its menu, web view and notification centre.
 */

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
