import { afterEach, describe, expect, it, vi } from 'vitest'
import { inspectionEnabled, inspectOption } from './inspect.ts'
import { createSessionActor } from './session-actor.ts'

interface Sent {
  type: string
  name?: string
  sessionId?: string
  snapshot?: { value?: unknown }
  event?: { type?: string }
}

const browser = vi.hoisted(() => ({ sent: [] as Sent[], options: [] as Array<{ url?: string; iframe?: unknown }> }))

// The real inspector with a custom adapter in place of the iframe transport, which jsdom cannot load.
vi.mock('@statelyai/inspect', async (importOriginal) => {
  const real = await importOriginal<typeof import('@statelyai/inspect')>()
  return {
    ...real,
    createBrowserInspector: (options: { url?: string; iframe?: unknown }) => {
      browser.options.push(options)
      return real.createInspector({ send: (event) => void browser.sent.push(event as Sent) })
    },
  }
})

afterEach(() => window.history.replaceState(null, '', '/'))

describe('inspection', () => {
  it('is off unless the URL asks for it', () => {
    expect(inspectionEnabled()).toBe(false)
    expect(inspectOption()).toBeUndefined()
    window.history.replaceState(null, '', '/dashboard/home?inspect')
    expect(inspectionEnabled()).toBe(true)
  })

  it('sends the session actor, its events and snapshots, including those from before the inspector loaded', async () => {
    window.history.replaceState(null, '', '/?inspect')
    const actor = createSessionActor({
      storage: localStorage,
      signOutRequest: async () => null,
      reload: () => {},
    })
    actor.send({
      type: 'session.signedIn',
      token: { access_token: 'a', token_type: 'bearer', refresh_token: 'r', expires_in: 60, scope: 's' },
    })
    await vi.waitFor(() => expect(browser.sent.length).toBeGreaterThan(0))
    actor.send({ type: 'session.unauthorized' })

    const iframe = document.querySelector('iframe[data-inspector]')
    expect(iframe).not.toBeNull()
    expect(browser.options).toEqual([expect.objectContaining({ url: '/inspector.html', iframe })])

    // the inspector converts events when the browser is idle
    await vi.waitFor(() => {
      const root = browser.sent.find((e) => e.type === '@xstate.actor' && e.name === 'session')
      expect(root).toBeDefined()
      const ofSession = browser.sent.filter((e) => e.sessionId === root?.sessionId)
      expect(ofSession.filter((e) => e.type === '@xstate.event').map((e) => e.event?.type)).toEqual([
        'xstate.init',
        'session.signedIn',
        'session.unauthorized',
      ])
      expect(ofSession.filter((e) => e.type === '@xstate.snapshot').map((e) => e.snapshot?.value)).toEqual([
        'signedOut',
        'signedIn',
        'expired',
      ])
    })
    localStorage.clear()
  })
})
