import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/domain/storage-keys.ts'
import {
  createPendingSessionStore,
  getAccessToken,
  sessionAccessToken,
  reportUnauthorized,
  SessionProvider,
  useSession,
  type SessionStore,
  type SessionToken,
} from './session.tsx'
import { actorStore, createSessionActor, postSignOut, type SessionEffects } from './session-actor.ts'
import { rememberKeepLogin } from './keep-login.ts'

const token: SessionToken = {
  access_token: 'at-123',
  token_type: 'bearer',
  refresh_token: 'rt-456',
  expires_in: 3600,
  scope: 'portal',
}

function Probe() {
  const session = useSession()
  return (
    <div>
      <p data-testid="state">{String(session.state)}</p>
      <p data-testid="token">{session.accessToken ?? 'none'}</p>
      <p data-testid="error">{session.errorCode ?? 'none'}</p>
      <button onClick={() => session.signIn(token, { email: 'dev@example.com' })}>sign in</button>
      <button onClick={() => session.signOut()}>sign out</button>
      <button onClick={() => session.reportUnauthorized()}>401</button>
      <button onClick={() => session.acknowledge()}>ok</button>
    </div>
  )
}

function setup(signOutRequest: SessionEffects['signOutRequest'] = vi.fn(async () => null)) {
  const effects = { storage: localStorage, sessionStorage, signOutRequest, reload: vi.fn() }
  const actor = createSessionActor(effects)
  render(
    <SessionProvider store={actorStore(actor)}>
      <Probe />
    </SessionProvider>,
  )
  return { effects, actor }
}

/** What a browser restart does to the 'keep me signed in' marker: session cookies end. */
const restartBrowser = () => (document.cookie = 'paylab_live=; Path=/; Max-Age=0')

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  restartBrowser()
})
afterEach(() => vi.unstubAllGlobals())

describe('session binding', () => {
  it('starts signed out without a stored token, and signed in with one', () => {
    setup()
    expect(screen.getByTestId('state').textContent).toBe('signedOut')
    cleanup()

    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    const { actor } = setup()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(screen.getByTestId('token').textContent).toBe('at-123')
  })

  it('ignores a stored value that is not a token object', () => {
    localStorage.setItem(storageKeys.userLoginToken, '{"access_token":""}')
    const { actor } = setup()
    expect(actor.getSnapshot().value).toBe('signedOut')
  })

  it('signing in stores the token and the account under the spec keys', async () => {
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }))
    expect(screen.getByTestId('state').textContent).toBe('signedIn')
    expect(screen.getByTestId('token').textContent).toBe('at-123')
    expect(JSON.parse(localStorage.getItem(storageKeys.userLoginToken) ?? 'null')).toEqual(token)
    expect(JSON.parse(localStorage.getItem(storageKeys.loginAccount) ?? 'null')).toEqual({ email: 'dev@example.com' })
  })

  it.each([
    ['answers', async () => null],
    ['fails', async () => Promise.reject(new Error('network down'))],
  ])('signing out calls logout with the token, clears storage and reloads home when the call %s', async (_, request) => {
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    localStorage.setItem(storageKeys.loginAccount, '{"email":"dev@example.com"}')
    localStorage.setItem(storageKeys.lang, 'en')
    sessionStorage.setItem('draft', 'x')
    const signOutRequest = vi.fn(request)
    const { effects } = setup(signOutRequest)
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }))
    await vi.waitFor(() => expect(effects.reload).toHaveBeenCalledOnce())
    expect(signOutRequest).toHaveBeenCalledWith({ accessToken: 'at-123' })
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
    expect(localStorage.getItem(storageKeys.loginAccount)).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.getItem(storageKeys.lang)).toBe('en')
    expect(screen.getByTestId('state').textContent).toBe('signedOut')
  })

  it('a 401 times the session out, forgets the token and waits for the user to acknowledge', async () => {
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    const { effects } = setup()
    await userEvent.click(screen.getByRole('button', { name: '401' }))
    expect(screen.getByTestId('state').textContent).toBe('expired')
    expect(screen.getByTestId('error').textContent).toBe('SESSION_TIMED_OUT')
    expect(screen.getByTestId('token').textContent).toBe('none')
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
    expect(effects.reload).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'ok' }))
    expect(screen.getByTestId('state').textContent).toBe('signedOut')
    expect(screen.getByTestId('error').textContent).toBe('none')
  })

  it('the app-wide session serves the http client without React', async () => {
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    expect(getAccessToken()).toBeNull() // restoring: the machine has not run yet
    expect(await sessionAccessToken()).toBe('at-123')
    expect(getAccessToken()).toBe('at-123')
    reportUnauthorized()
    await vi.waitFor(() => expect(getAccessToken()).toBeNull())
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
  })

  it('postSignOut sends the bearer token and {accessToken} to the logout endpoint', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await postSignOut({ accessToken: 'at-123' })
    expect(fetchMock).toHaveBeenCalledWith(
      '/v1/dpSignout/logout',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ authorization: 'Bearer at-123' }),
        body: JSON.stringify({ accessToken: 'at-123' }),
      }),
    )
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    await expect(postSignOut({ accessToken: 'at-123' })).rejects.toThrow('500')
  })
})

describe("'keep me signed in' (spec §2)", () => {
  async function signInChoosing(keep: boolean) {
    rememberKeepLogin(keep) // what the sign-in form does before it stores the token
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }))
    expect(localStorage.getItem(storageKeys.userLoginToken)).not.toBeNull()
    cleanup()
  }

  it('unchecked: the sign-in lasts while the browser runs (other tabs, reloads) and ends with a restart', async () => {
    await signInChoosing(false)
    expect(setup().actor.getSnapshot().value).toBe('signedIn') // a reload or another tab, same browser session
    cleanup()
    restartBrowser()
    const { actor } = setup()
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
    expect(localStorage.getItem(storageKeys.loginAccount)).toBeNull()
  })

  it('checked: the sign-in survives a browser restart', async () => {
    await signInChoosing(true)
    restartBrowser()
    const { actor } = setup()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(screen.getByTestId('token').textContent).toBe('at-123')
  })

  it('signing out forgets the choice, so a later sign-in without one is not cut short', async () => {
    await signInChoosing(false)
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }))
    cleanup()
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token)) // e.g. a webview host stores a token
    restartBrowser()
    expect(setup().actor.getSnapshot().value).toBe('signedIn')
  })
})

describe('before the session machine runs', () => {
  /** The app's pending store over the real actor, whose loading the test releases by hand. */
  function pendingSetup() {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const effects = { storage: localStorage, sessionStorage, signOutRequest: vi.fn(async () => null), reload: vi.fn() }
    const load = vi.fn(async (): Promise<SessionStore> => {
      await gate
      return actorStore(createSessionActor(effects))
    })
    const store = createPendingSessionStore(load)
    render(
      <SessionProvider store={store}>
        <Probe />
      </SessionProvider>,
    )
    return { store, load, release: () => act(async () => release()), effects }
  }

  it("reads as the machine's first state, restoring, and then as what the machine restored", async () => {
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    const { store, load, release } = pendingSetup()
    expect(screen.getByTestId('state').textContent).toBe('restoring')
    expect(screen.getByTestId('token').textContent).toBe('none')
    expect(load).not.toHaveBeenCalled()
    const ready = store.ready()
    expect(load).toHaveBeenCalledOnce()
    await release()
    await ready
    expect(screen.getByTestId('state').textContent).toBe('signedIn')
    expect(screen.getByTestId('token').textContent).toBe('at-123')
  })

  it('events sent while it loads are taken in order', async () => {
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    const { store, release } = pendingSetup()
    let taken = false
    const first = store.send({ type: 'session.unauthorized' }).then(() => (taken = true))
    const second = store.send({ type: 'session.acknowledge' })
    await Promise.resolve()
    expect(taken).toBe(false)
    await release()
    await Promise.all([first, second])
    expect(screen.getByTestId('state').textContent).toBe('signedOut')
    expect(screen.getByTestId('error').textContent).toBe('none')
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
  })

  it("a session-only sign-in of an earlier browser session is forgotten by the machine's restore ('keep me signed in')", async () => {
    rememberKeepLogin(false)
    localStorage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
    restartBrowser()
    const { store, release } = pendingSetup()
    const ready = store.ready()
    await release()
    await ready
    expect(screen.getByTestId('state').textContent).toBe('signedOut')
    expect(localStorage.getItem(storageKeys.userLoginToken)).toBeNull()
  })
})
