import { expect } from 'vitest'
import { testMachinePaths } from '../tests/support/model-based.ts'
import type { AccountFlowError } from './account-flow.ts'
import { forgotPasswordModel } from './forgot-password.machine.model.ts'

/**
 * Spec §2 "Forgot password" (1 e-mail, 2 success → done returns to sign-in, 3 failure) and §4 (a rejected e-mail
 * keeps the form with its error). The two error answers lead to different states, which a state table cannot
 * say, so the oracle is this transition function checked after every step.
 */
const expectedAfter: Record<string, (error?: AccountFlowError) => string> = {
  'forgot.submit': () => 'submitting',
  'xstate.done.actor.requestReset': () => 'sent',
  'xstate.error.actor.requestReset': (error) => (error?.code === '040000002' ? 'editing' : 'failed'),
  'forgot.done': () => 'done',
  'forgot.retry': () => 'editing',
}

testMachinePaths('forgot-password', {
  ...forgotPasswordModel,
  // The flow's transitions (docs/statecharts/forgot-password.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'forgot-password page': 'editing' },
    transitions: {
      editing: {
        'forgot.submit': 'submitting',
      },
      submitting: {
        'xstate.done.actor.requestReset': 'sent',
        'xstate.error.actor.requestReset': ['editing', 'failed'],
      },
      sent: {
        'forgot.done': 'done',
      },
      failed: {
        'forgot.retry': 'editing',
      },
    },
  },
  check: (actual, expected) => {
    const { type } = expected.event
    if (type === 'start') return expect(actual.value).toBe('editing')
    const error = 'error' in expected.event ? (expected.event.error as AccountFlowError) : undefined
    expect(actual.value).toBe(expectedAfter[type]!(error))
    // the error shows until the user tries again
    if (type === 'xstate.error.actor.requestReset') expect(actual.context.errorCode).toBe(error!.code)
    if (type === 'forgot.submit' || type === 'forgot.retry') expect(actual.context.errorCode).toBeNull()
    if (type === 'forgot.submit') expect(actual.context.email).toBe('dev@example.com')
  },
})
