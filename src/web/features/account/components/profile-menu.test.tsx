import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserProfile } from '@/domain/account-api.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { SessionProvider } from '@/web/lib/session.tsx'
import { actorStore, createSessionActor } from '@/web/lib/session-actor.ts'
import { accountKeys } from '../keys.ts'
import { ProfileMenu } from './profile-menu.tsx'

const token = { access_token: 'at-profile', token_type: 'bearer', refresh_token: 'rt', expires_in: 3600, scope: 'REGULAR' }
const profile: UserProfile = {
  user_id: 'user-42',
  email_id: 'dev@example.com',
  client_api_key: 'key',
  client_api_secret: 'secret',
  merchant_id: '123456789012345678',
  merchant_name: '',
  logo_url: null,
  registration_date: '2026-11-21T05:00:00.000Z',
  live_merchant_id: null,
  external_user_id: 'ext',
  products: ['webcashier'],
  status: 'COMPLETED',
}

function renderMenu(overrides: Partial<UserProfile> = {}) {
  localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
  const signOutRequest = vi.fn(async () => null)
  const actor = createSessionActor({ storage: localStorage, sessionStorage, signOutRequest, reload: vi.fn() })
  const queryClient = new QueryClient()
  queryClient.setQueryData(accountKeys.profile(token.access_token), { ...profile, ...overrides })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <SessionProvider store={actorStore(actor)}>
          <ProfileMenu />
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Profile' }))
  return { menu: screen.getByRole('group', { name: 'Profile' }), signOutRequest, actor }
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  localStorage.clear()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true })
})
afterEach(() => vi.useRealTimers())

describe('profile menu (spec §2)', () => {
  it("shows 'Merchant Name' for an empty name, the user id, merchant id and e-mail", () => {
    const { menu } = renderMenu()
    expect(within(menu).getByText('Merchant Name')).toBeTruthy()
    expect(within(menu).getByText('user-42')).toBeTruthy()
    expect(within(menu).getByText('123456789012345678')).toBeTruthy()
    expect(within(menu).getByText('dev@example.com')).toBeTruthy()
  })

  it.each([null, 'null'])('hides the merchant id when it is %j', (merchantId) => {
    const { menu } = renderMenu({ merchant_id: merchantId })
    expect(within(menu).queryByText('Merchant ID')).toBeNull()
    expect(within(menu).queryByRole('button', { name: 'Copy merchant ID' })).toBeNull()
    expect(within(menu).getByRole('button', { name: 'Copy user ID' })).toBeTruthy()
  })

  it("copies an id and reads 'Copied' for one second", async () => {
    vi.useFakeTimers()
    const { menu } = renderMenu({ merchant_name: 'Cake Shop' })
    expect(within(menu).getByText('Cake Shop')).toBeTruthy()
    fireEvent.click(within(menu).getByRole('button', { name: 'Copy merchant ID' }))
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('123456789012345678')
    expect(within(menu).getByRole('button', { name: 'Copied' }).textContent).toBe('Copied')
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(within(menu).queryByRole('button', { name: 'Copied' })).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(within(menu).queryByRole('button', { name: 'Copied' })).toBeNull()
    expect(within(menu).getByRole('button', { name: 'Copy merchant ID' })).toBeTruthy()
  })

  it('logs out through the session, which calls sign-out with the token', async () => {
    const { menu, signOutRequest, actor } = renderMenu()
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }))
    await vi.waitFor(() => expect(signOutRequest).toHaveBeenCalledWith({ accessToken: 'at-profile' }))
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'))
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
  })
})
