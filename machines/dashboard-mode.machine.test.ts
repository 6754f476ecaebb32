import { expect, vi } from 'vitest'
import { stateValueText as text } from '../scripts/statechart-model.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { dashboardModeModel } from './dashboard-mode.machine.model.ts'

/**
 * Spec §2 Dashboard ("Flow: test mode, activation form, live mode"; Modal live mode: 'Activate now' / 'Close'),
 * §3 (`liveMode` remembers the mode, `liveNotice` the dismissed notice), §4 (MODE_TEST / MODE_LIVE). The table
 * oracle is written from the spec (the next state depends on whether the account is activated, which a state table
 * cannot say); `check` also asserts what is stored.
 */
const expectedAfter: Record<string, (activated: boolean, noticeDismissed: boolean) => string> = {
  'mode.live': (activated, dismissed) => (!activated ? 'liveModal' : dismissed ? 'live.quiet' : 'live.notice'),
  'mode.test': () => 'test',
  'modal.activate': () => 'activationForm',
  'modal.close': () => 'test',
  'activation.submit': () => 'activating',
  'activation.cancel': () => 'test',
  'xstate.done.actor.activate': () => 'live.notice',
  'xstate.error.actor.activate': () => 'activationForm',
  'notice.dismiss': () => 'live.quiet',
}

let persisted: boolean[] = []
let noticeWrites = 0

testMachinePaths('dashboard-mode', {
  ...dashboardModeModel,
  // The flow's transitions (docs/statecharts/dashboard-mode.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'new developer': 'test', 'activated, stored live': 'live.quiet', 'activated, stored test': 'test' },
    transitions: {
      test: {
        'mode.live': ['liveModal', 'live.notice', 'live.quiet'],
      },
      liveModal: {
        'modal.activate': 'activationForm',
        'modal.close': 'test',
      },
      activationForm: {
        'activation.submit': 'activating',
        'activation.cancel': 'test',
      },
      activating: {
        'xstate.done.actor.activate': 'live.notice',
        'xstate.error.actor.activate': 'activationForm',
      },
      'live.notice': {
        'mode.test': 'test',
        'notice.dismiss': 'live.quiet',
      },
      'live.quiet': {
        'mode.test': 'test',
      },
    },
  },
  provide: () => {
    persisted = []
    noticeWrites = 0
    return {
      actions: {
        persistMode: vi.fn((_: unknown, params: { live: boolean }) => void persisted.push(params.live)),
        persistNotice: vi.fn(() => void noticeWrites++),
      },
    }
  },
  check: (actual, expected, previous) => {
    const type = expected.event.type
    const { storedLive, liveMerchantId, noticeDismissed } = actual.context
    // start: live only when live was stored and the account is activated (spec §3 liveMode)
    if (type === 'start') expect(text(actual.value)).toBe(storedLive && liveMerchantId ? (noticeDismissed ? 'live.quiet' : 'live.notice') : 'test')
    else {
      const want = expectedAfter[type]
      expect(want, `no oracle for ${type}`).toBeDefined()
      expect(text(actual.value)).toBe(want!(previous!.context.liveMerchantId !== null, previous!.context.noticeDismissed))
    }
    // the stored mode always follows the mode shown
    if (actual.matches('live')) expect(persisted.at(-1)).toBe(true)
    if (actual.matches('test')) expect(persisted.at(-1)).toBe(false)
    // live needs a live merchant: never live without one
    if (actual.matches('live')) expect(actual.context.liveMerchantId).not.toBeNull()
    // switching to live before activation never enters live: it asks first
    if (type === 'mode.live' && previous?.context.liveMerchantId === null) expect(actual.value).toBe('liveModal')
    if (type === 'mode.live' && previous?.context.liveMerchantId) expect(actual.matches('live')).toBe(true)
    if (type === 'xstate.error.actor.activate') expect(actual.context.errorCode).toBe('MERCHANT_REQUIRED')
    // an activation error shows on the form it came from, and not again once the form is sent or left
    if (['modal.activate', 'activation.submit', 'activation.cancel'].includes(type)) expect(actual.context.errorCode).toBeNull()
    if (type === 'xstate.done.actor.activate') expect(actual.context.liveMerchantId).toBe('live-2')
    if (type === 'notice.dismiss') expect(noticeWrites).toBe(1)
    if (actual.hasTag('screen.liveModal')) expect(actual.matches('liveModal')).toBe(true)
  },
})
