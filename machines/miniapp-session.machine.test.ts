import { describe, expect, it } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { miniappSessionMachine, unanswered, type MiniappSessionContext } from './miniapp-session.machine.ts'
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
  check: (actual, step, before) => {
    const c = ctx(actual)
    if (step.event.type === 'start') {
      expect(at(actual)).toBe('loading') // every session starts with the gate armed
      expect(c.stack).toEqual(['pages/home'])
      return
    }
    if (before!.status === 'done') return expect(at(actual)).toBe('closed') // a closed session takes nothing more
    expect(at(actual), `${at(before!)} on ${step.event.type}`).toBe(expectedAfter(before!, step.event))
    expect(actual.hasTag('gate.closed')).toBe(gateClosed(actual))
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
