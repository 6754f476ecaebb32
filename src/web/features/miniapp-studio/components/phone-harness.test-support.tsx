import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { createActor } from 'xstate'
import { miniappSessionMachine } from '@machines/miniapp-session.machine.ts'
import { vi } from 'vitest'
import type { MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'
import type { SessionActor } from '../bridge/host.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { phoneStore } from './phone.test-support.ts'
import { Phone } from './phone.tsx'

/**
 * The studio's phone rendered for the component tests (phone.test.tsx, sheets.test.tsx): a sample app.json, and
 * the phone on a running session whose screens the test drives through phoneStore.
 */

export const manifest: MiniAppManifest = {
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

export function renderPhone(options: { granted?: MiniAppPermission[]; manifest?: MiniAppManifest; hasNewNotification?: boolean } = {}) {
  const app = options.manifest ?? manifest
  const onEvent = vi.fn()
  const onLeave = vi.fn()
  const onReturn = vi.fn()
  const start = () => {
    // every permission answered before (granted or not): the app runs at once after pp.init
    const consent = { granted: options.granted ?? [], answered: app.permissions ?? [] }
    const actor: SessionActor = createActor(miniappSessionMachine, {
      input: { manifest: app, appVersion: '2.42.0', network: 'online', consent },
      inspect: inspectOption(),
    })
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
