import { describe, expect, it } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { beforeInitAllowed, miniappSessionMachine, unanswered, type MiniappSessionContext } from './miniapp-session.machine.ts'
import { miniappSessionModel } from './miniapp-session.machine.model.ts'
import type { SessionEmitted } from './miniapp-session.ts'

/**
 * Spec §4 (pp.init must succeed on the first page before other calls; lifecycle registrations excepted), §6 (consent
 * for every permission the app registered; what was answered stays answered) and §2 (the wallet's screens over the
 * app). The oracle below is written from the spec: the state a step must lead to, given the state before it.
 */
const at = (s: AnyMachineSnapshot) => (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]!)
const ctx = (s: AnyMachineSnapshot) => s.context as MiniappSessionContext
const gateClosed = (s: AnyMachineSnapshot) => s.matches('loading') || s.matches('consenting')

function expectedAfter(before: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }): string {
  const state = at(before)
  const c = ctx(before)
  const screen = state.startsWith('running.') && state !== 'running.app'
  switch (event.type) {
    case 'app.close':
      return 'closed'
    case 'pp.init':
      if (event.forced || state === 'consenting' || screen) return state
      if (unanswered(c).length) return state === 'loading' ? 'consenting' : 'running.consent'
      return state === 'loading' ? 'running.app' : state
    case 'pp.requestPermission': {
      const missing = (event.permissions as string[]).some((p) => !c.granted.includes(p as never))
      return state === 'running.app' && missing ? 'running.consent' : state
    }
    case 'xstate.done.actor.consent':
      return state === 'consenting' ? (event.output === 'cancelled' ? 'loading' : 'running.app') : 'running.app'
    case 'screen.payment':
    case 'screen.topup':
    case 'screen.dialog':
    case 'screen.webview':
      return state === 'running.app' ? `running.${event.type.slice('screen.'.length)}` : state
    case 'xstate.done.actor.payment':
    case 'xstate.done.actor.topup':
    case 'dialog.answer':
    case 'webview.close':
      return 'running.app'
    default:
      return state
  }
}

const answer = (id: string, ok: boolean, result: unknown) => ({ type: 'call.answer', id, ok, result })
const refused = (id: string, errorCode: string) => answer(id, false, expect.objectContaining({ errorCode }))
const leftPage = { type: 'page', event: 'pageWillDisappear' }

/** What the session answers the app for a step (its emitted events), from the spec: §4 the gate, §6 consent, §2 screens. */
function expectedEmitted(before: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }, after: AnyMachineSnapshot): unknown[] {
  const state = at(before)
  const [b, c, id] = [ctx(before), ctx(after), String(event.id ?? '')]
  const closed = gateClosed(before)
  switch (event.type) {
    case 'app.close':
      return [leftPage]
    case 'pp.init':
      if (state === 'consenting') return [refused(id, 'UNKNOWN')]
      if (state !== 'loading' && state !== 'running.app') return [answer(id, true, { status: 'SUCCESS' })] // over a screen
      if (event.forced) return [refused(id, String(event.forced))]
      return unanswered(b).length ? [] : [answer(id, true, { status: 'SUCCESS' })]
    case 'pp.call':
      return !closed || beforeInitAllowed.includes(String(event.name)) ? [{ type: 'call.run', id, name: event.name }] : [refused(id, 'UNKNOWN')]
    case 'pp.requestPermission': {
      if (closed) return [refused(id, 'UNKNOWN')]
      const missing = (event.permissions as string[]).some((p) => !b.granted.includes(p as never))
      return state === 'running.app' && missing ? [] : [answer(id, true, { granted_permissions: b.granted })]
    }
    case 'xstate.done.actor.consent':
      if (event.output === 'cancelled') return [refused(b.waiting!.id, 'USER_CANCELED')]
      return [answer(b.waiting!.id, true, b.waiting!.name === 'init' ? { status: 'SUCCESS' } : { granted_permissions: c.granted })]
    case 'nav.go':
      return [leftPage]
    case 'nav.back':
      return b.stack.length > 1 ? [leftPage] : []
    case 'screen.webview':
      return state === 'running.app' && (event.webview as { style: string }).style !== 'external' ? [leftPage] : []
    case 'webview.close':
      return b.webview?.style === 'external' ? [] : [{ type: 'page', event: 'pageWillAppear', page: c.stack.at(-1) }]
    case 'xstate.done.actor.topup':
      return [{ type: 'topup.answered', output: event.output }]
    case 'dialog.answer':
      return [{ type: 'dialog.answered', id: b.dialog!.id, value: event.value }]
    default:
      return []
  }
}

/** What the phone shows after a step, besides the screen: the tester's controls, title, dialog, web view, pages, consent asked. */
function expectShown(before: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }, after: AnyMachineSnapshot) {
  const [b, c, state] = [ctx(before), ctx(after), at(before)]
  if (event.type === 'controls.set') expect(c.network).toBe(event.network)
  if (event.type === 'consent.revoke') expect(c.granted).not.toContain(event.permission)
  if (event.type === 'chrome.set') expect(c.chrome.title).toBe((event.patch as { title: string }).title)
  if (event.type === 'settings.open') expect(c.settingsAsked).toBe(b.settingsAsked + 1)
  if (event.type === 'screen.dialog' && state === 'running.app') expect(c.dialog).toEqual(event.dialog)
  if (event.type === 'screen.webview' && state === 'running.app') expect(c.webview).toEqual(event.webview)
  if (event.type === 'dialog.answer') expect(c.dialog).toBeNull()
  if (event.type === 'webview.close') expect(c.webview).toBeNull()
  if (event.type === 'nav.back') expect(c.stack).toEqual(b.stack.length > 1 ? b.stack.slice(0, -1) : b.stack)
  if (event.type === 'xstate.done.actor.consent') expect([c.asking, c.waiting]).toEqual([[], null])
  if (at(after).endsWith('consent') && !state.endsWith('consent')) {
    const name = event.type === 'pp.init' ? 'init' : 'requestPermission'
    expect(c.waiting).toEqual({ id: event.id, name })
    const asked = name === 'init' ? unanswered(b) : (event.permissions as string[]).filter((p) => !b.granted.includes(p as never))
    expect(c.asking).toEqual(asked)
  }
}

testMachinePaths('miniapp-session', {
  ...miniappSessionModel,
  // The flow's transitions (docs/statecharts/miniapp-session.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'first launch': 'loading', 'consented before': 'loading', 'app added a permission': 'loading' },
    transitions: {
      loading: {
        'controls.set': 'loading',
        'consent.revoke': 'loading',
        'consent.clear': 'loading',
        'app.close': 'closed',
        'pp.init': ['consenting', 'loading', 'running.app'],
        'pp.call': 'loading',
        'pp.requestPermission': 'loading',
      },
      consenting: {
        'controls.set': 'consenting',
        'consent.revoke': 'consenting',
        'consent.clear': 'consenting',
        'app.close': 'closed',
        'pp.call': 'consenting',
        'pp.init': 'consenting',
        'pp.requestPermission': 'consenting',
        'xstate.done.actor.consent': ['running.app', 'loading'],
      },
      'running.app': {
        'controls.set': 'running.app',
        'consent.revoke': 'running.app',
        'consent.clear': 'running.app',
        'app.close': 'closed',
        'pp.call': 'running.app',
        'nav.go': 'running.app',
        'nav.back': 'running.app',
        'chrome.set': 'running.app',
        'settings.open': 'running.app',
        'pp.init': ['running.app', 'running.consent'],
        'pp.requestPermission': ['running.app', 'running.consent'],
        'screen.payment': 'running.payment',
        'screen.topup': 'running.topup',
        'screen.dialog': 'running.dialog',
        'screen.webview': 'running.webview',
      },
      'running.payment': {
        'controls.set': 'running.payment',
        'consent.revoke': 'running.payment',
        'consent.clear': 'running.payment',
        'app.close': 'closed',
        'pp.call': 'running.payment',
        'nav.go': 'running.payment',
        'nav.back': 'running.payment',
        'chrome.set': 'running.payment',
        'settings.open': 'running.payment',
        'pp.init': 'running.payment',
        'pp.requestPermission': 'running.payment',
        'xstate.done.actor.payment': 'running.app',
      },
      'running.topup': {
        'controls.set': 'running.topup',
        'consent.revoke': 'running.topup',
        'consent.clear': 'running.topup',
        'app.close': 'closed',
        'pp.call': 'running.topup',
        'nav.go': 'running.topup',
        'nav.back': 'running.topup',
        'chrome.set': 'running.topup',
        'settings.open': 'running.topup',
        'pp.init': 'running.topup',
        'pp.requestPermission': 'running.topup',
        'xstate.done.actor.topup': 'running.app',
      },
      'running.dialog': {
        'controls.set': 'running.dialog',
        'consent.revoke': 'running.dialog',
        'consent.clear': 'running.dialog',
        'app.close': 'closed',
        'pp.call': 'running.dialog',
        'nav.go': 'running.dialog',
        'nav.back': 'running.dialog',
        'chrome.set': 'running.dialog',
        'settings.open': 'running.dialog',
        'pp.init': 'running.dialog',
        'pp.requestPermission': 'running.dialog',
        'dialog.answer': 'running.app',
      },
      'running.webview': {
        'controls.set': 'running.webview',
        'consent.revoke': 'running.webview',
        'consent.clear': 'running.webview',
        'app.close': 'closed',
        'pp.call': 'running.webview',
        'nav.go': 'running.webview',
        'nav.back': 'running.webview',
        'chrome.set': 'running.webview',
        'settings.open': 'running.webview',
        'pp.init': 'running.webview',
        'pp.requestPermission': 'running.webview',
        'webview.close': 'running.app',
      },
      'running.consent': {
        'controls.set': 'running.consent',
        'consent.revoke': 'running.consent',
        'consent.clear': 'running.consent',
        'app.close': 'closed',
        'pp.call': 'running.consent',
        'nav.go': 'running.consent',
        'nav.back': 'running.consent',
        'chrome.set': 'running.consent',
        'settings.open': 'running.consent',
        'pp.init': 'running.consent',
        'pp.requestPermission': 'running.consent',
        'xstate.done.actor.consent': 'running.app',
      },
    },
  },
  compareContext: false,
  check: (actual, step, before, emitted) => {
    const c = ctx(actual)
    if (step.event.type === 'start') {
      expect(emitted).toEqual([])
      expect(at(actual)).toBe('loading') // every session starts with the gate armed
      expect(c.stack).toEqual(['pages/home'])
      return
    }
    if (before!.status === 'done') return expect(at(actual)).toBe('closed') // a closed session takes nothing more
    expect(at(actual), `${at(before!)} on ${step.event.type}`).toBe(expectedAfter(before!, step.event))
    expect(actual.hasTag('gate.closed')).toBe(gateClosed(actual))
    expect(emitted, `answers on ${step.event.type} in ${at(before!)}`).toEqual(expectedEmitted(before!, step.event, actual))
    expectShown(before!, step.event, actual)
    const b = ctx(before!)
    // what was answered stays answered (a consent only ever adds to it), unless the user clears it all
    if (step.event.type !== 'consent.clear') for (const p of b.answered) expect(c.answered).toContain(p)
    if (step.event.type === 'xstate.done.actor.consent') {
      expect(c.answered).toEqual(expect.arrayContaining(b.asking))
      if (step.event.output === 'cancelled') expect(c.granted).toEqual(b.granted)
    }
    if (step.event.type === 'nav.go' && !gateClosed(before!)) expect(c.stack.at(-1)).toBe('pages/menu')
    if (step.event.type === 'consent.clear') expect([c.granted, c.answered]).toEqual([[], []])
  },
})

/** A session with its emitted answers recorded. */
function session(input = miniappSessionModel.inputs[0]!.input) {
  const actor = createActor(miniappSessionMachine, { input }).start()
  const answers: SessionEmitted[] = []
  actor.on('*', (e) => answers.push(e))
  const answerOf = (id: string) => answers.find((a) => a.type === 'call.answer' && a.id === id)
  return { actor, answers, answerOf }
}

describe('the init gate', () => {
  it('refuses every call but pp.init and the lifecycle registrations with UNKNOWN until pp.init has succeeded', () => {
    const s = session(miniappSessionModel.inputs[1]!.input)
    s.actor.send({ type: 'pp.call', id: '1', name: 'getBalance' })
    s.actor.send({ type: 'pp.call', id: '2', name: 'pageWillAppear' })
    expect(s.answerOf('1')).toMatchObject({ ok: false, result: { errorCode: 'UNKNOWN' } })
    expect(s.answers).toContainEqual({ type: 'call.run', id: '2', name: 'pageWillAppear' })
    s.actor.send({ type: 'pp.init', id: '3' })
    expect(s.answerOf('3')).toMatchObject({ ok: true, result: { status: 'SUCCESS' } })
    s.actor.send({ type: 'pp.call', id: '4', name: 'getBalance' })
    expect(s.answers).toContainEqual({ type: 'call.run', id: '4', name: 'getBalance' })
  })

  it('keeps the gate closed after a forced init failure, and while consent is asked or was cancelled', () => {
    const s = session()
    s.actor.send({ type: 'pp.init', id: '1', forced: 'SERVER_ERROR' })
    expect(s.answerOf('1')).toMatchObject({ ok: false, result: { errorCode: 'SERVER_ERROR' } })
    s.actor.send({ type: 'pp.call', id: '2', name: 'getBalance' })
    expect(s.answerOf('2')).toMatchObject({ ok: false, result: { errorCode: 'UNKNOWN' } })
    s.actor.send({ type: 'pp.init', id: '3' })
    expect(s.actor.getSnapshot().value).toBe('consenting')
    s.actor.send({ type: 'pp.call', id: '4', name: 'getUserProfile' })
    expect(s.answerOf('4')).toMatchObject({ ok: false, result: { errorCode: 'UNKNOWN' } })
    s.actor.getSnapshot().children.consent!.send({ type: 'consent.cancel' })
    expect(s.answerOf('3')).toMatchObject({ ok: false, result: { errorCode: 'USER_CANCELED' } })
    s.actor.send({ type: 'pp.call', id: '5', name: 'getBalance' })
    expect(s.answerOf('5')).toMatchObject({ ok: false, result: { errorCode: 'UNKNOWN' } })
  })

  it('asks, at the next pp.init, only the permissions the app added since the user answered', () => {
    const s = session(miniappSessionModel.inputs[2]!.input)
    s.actor.send({ type: 'pp.init', id: '1' })
    const consent = s.actor.getSnapshot().children.consent!
    expect((consent.getSnapshot().context as { permissions: string[] }).permissions).toEqual(['mini_app_kyc'])
    consent.send({ type: 'consent.scrolledToEnd' })
    consent.send({ type: 'consent.agree' })
    expect(s.answerOf('1')).toMatchObject({ ok: true })
    // the refused balance stays refused (answered), the name stays granted, kyc is added
    expect(s.actor.getSnapshot().context).toMatchObject({ granted: ['mini_app_user_name', 'mini_app_kyc'] })
    expect(s.actor.getSnapshot().context.answered).toEqual(['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_kyc'])
  })

  it('asks nothing on a wallet older than consent (2.41.0)', () => {
    const s = session({ ...miniappSessionModel.inputs[0]!.input, appVersion: '2.31.0' })
    s.actor.send({ type: 'pp.init', id: '1' })
    expect([s.actor.getSnapshot().value, s.answerOf('1')?.type]).toEqual([{ running: 'app' }, 'call.answer'])
  })
})
