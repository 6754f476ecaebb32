import { afterEach, describe, expect, it, vi } from 'vitest'
import { inspectionEnabled, inspectOption, inspectorUrl, localInspectorUrl, statelyInspectorUrl } from './inspect.ts'
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

afterEach(() => {
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

/** The network as the inspector probe sees it: Stately's site answers, or nothing does. */
const network = (online: boolean) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (online && url === statelyInspectorUrl) return new Response(null, { status: 200 })
      throw new TypeError('Failed to fetch')
    }),
  )

describe('inspection', () => {
  it('is off unless the URL asks for it', () => {
    expect(inspectionEnabled()).toBe(false)
    expect(inspectOption()).toBeUndefined()
    window.history.replaceState(null, '', '/dashboard/home?inspect')
    expect(inspectionEnabled()).toBe(true)
  })

  it('shows the Stately inspector when its site answers, the local viewer offline or with ?inspect=local', async () => {
    window.history.replaceState(null, '', '/?inspect')
    network(true)
    expect(await inspectorUrl()).toBe(statelyInspectorUrl)
    network(false)
    expect(await inspectorUrl()).toBe(localInspectorUrl)
    network(true)
    window.history.replaceState(null, '', '/?inspect=local')
    expect(await inspectorUrl()).toBe(localInspectorUrl)
  })

  it('sends the session actor, its events and snapshots, including those from before the inspector loaded', async () => {
    window.history.replaceState(null, '', '/?inspect')
    network(false)
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
      expect(ofSession.filter((e) => e.type === '@xstate.event').map((e) => e.event?.type)).toEqual(['xstate.init', 'session.signedIn', 'session.unauthorized'])
      expect(ofSession.filter((e) => e.type === '@xstate.snapshot').map((e) => e.snapshot?.value)).toEqual(['signedOut', 'signedIn', 'expired'])
    })
    localStorage.clear()
  })
})
