import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import type { AccountFlowError } from './account-flow.ts'
import { resetPasswordMachine } from './reset-password.machine.ts'
import { resetPasswordModel } from './reset-password.machine.model.ts'

/**
 * The page the reset e-mail links to: a link with a token shows the form; saving succeeds, or a dead link ends
 * on its own screen, or another failure keeps the form with its error.
 */
const expectedAfter: Record<string, (error?: AccountFlowError) => string> = {
  'reset.submit': () => 'saving',
  'xstate.done.actor.saveNewPassword': () => 'saved',
  'xstate.error.actor.saveNewPassword': (error) => (error?.code === 'RESET_TOKEN_INVALID' ? 'linkInvalid' : 'editing'),
}

testMachinePaths('reset-password', {
  ...resetPasswordModel,
  // The flow's transitions (docs/statecharts/reset-password.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'link with token': 'editing', 'link without token': 'linkInvalid' },
    transitions: {
      editing: {
        'reset.submit': 'saving',
      },
      saving: {
        'xstate.done.actor.saveNewPassword': 'saved',
        'xstate.error.actor.saveNewPassword': ['linkInvalid', 'editing'],
      },
    },
  },
  check: (actual, expected) => {
    const { type } = expected.event
    if (type === 'start') return expect(actual.value).toBe(actual.context.token ? 'editing' : 'linkInvalid')
    const error = 'error' in expected.event ? (expected.event.error as AccountFlowError) : undefined
    expect(actual.value).toBe(expectedAfter[type]!(error))
    if (error) expect(actual.context.errorCode).toBe(error.code)
    if (type === 'reset.submit') expect(actual.context.errorCode).toBeNull()
  },
})

describe('reset-password request', () => {
  it('sends the token from the link with the new password', async () => {
    const sent: unknown[] = []
    const actor = createActor(resetPasswordMachine.provide({ actors: { saveNewPassword: fromPromise(async ({ input }) => void sent.push(input)) } }), {
      input: { token: 'reset-token-0123456789abcdef' },
    }).start()
    actor.send({ type: 'reset.submit', password: 'Abc12$new' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('saved')
    expect(sent).toEqual([{ token: 'reset-token-0123456789abcdef', password: 'Abc12$new' }])
  })
})
