import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { readDemoAmount } from '../src/domain/demo-panel.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { demoPanelMachine, problemOf, type DemoPanelContext } from './demo-panel.machine.ts'
import { demoCashierUrl, demoConsentUrl, demoPanelModel } from './demo-panel.machine.model.ts'

/**
 * Every path of the phone-mock panel on the real actor. The oracle is spec §2 (payment types, native payment and
 * direct-debit views), §5/§8 (amount 0–100 with its two alerts; Run refused otherwise), §4 (a consent return without
 * a token fails) and §9 (a code nobody pays is deleted), checked after every step, together with which wallet
 * screen the phone shows.
 */
const ctx = (s: AnyMachineSnapshot) => s.context as DemoPanelContext
const at = (s: AnyMachineSnapshot) => JSON.stringify(s.value)
const phoneOf = (s: AnyMachineSnapshot) => [...s.tags].filter((t) => t.startsWith('phone.'))

/** What Run leads to, from the spec: codes for QR and app invoke, consent for direct debit, the pre-linked payer otherwise. */
const runTarget = (c: DemoPanelContext) =>
  c.amount === null
    ? '"idle"'
    : c.paymentType === 'qrCode' || c.paymentType === 'appInvoke'
      ? '"creating"'
      : c.paymentType === 'autoDebit' && c.view === 'directDebit'
        ? '"authorizing"'
        : '"linking"'

testMachinePaths('demoPanel', {
  ...demoPanelModel,
  // The flow's transitions (docs/statecharts/demo-panel.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'QR code': 'idle', 'app invoke': 'idle', cashback: 'idle', 'auto debit, native payment': 'idle', 'auto debit, direct debit': 'idle' },
    transitions: {
      idle: {
        'panel.type': 'idle',
        'panel.view': 'idle',
        'panel.amount': 'idle',
        'panel.run': ['creating', 'linking', 'idle', 'authorizing'],
      },
      creating: {
        'xstate.done.actor.createCode': 'waiting',
        'xstate.error.actor.createCode': 'failed',
      },
      linking: {
        'xstate.done.actor.getPrelinkedPayer': ['charging', 'givingCashback'],
        'xstate.error.actor.getPrelinkedPayer': 'failed',
      },
      waiting: {
        'panel.cancel': 'cancelling',
        'xstate.done.actor.poll': ['completed', 'cancelling'],
      },
      failed: {
        'panel.reset': 'idle',
      },
      authorizing: {
        'xstate.done.actor.getConsentUrl': 'consenting',
        'xstate.error.actor.getConsentUrl': 'failed',
      },
      charging: {
        'xstate.done.actor.payDirect': 'completed',
        'xstate.error.actor.payDirect': 'failed',
      },
      cancelling: {
        'xstate.done.actor.cancelCode': ['idle', 'failed'],
        'xstate.error.actor.cancelCode': 'failed',
      },
      completed: {
        'panel.refund': ['refunding', 'completed'],
        'panel.reset': 'idle',
      },
      consenting: {
        'frame.navigated': ['readingToken', 'failed', 'consenting'],
        'panel.cancel': 'idle',
      },
      refunding: {
        'xstate.done.actor.refundPayment': 'refunded',
        'xstate.error.actor.refundPayment': 'failed',
      },
      readingToken: {
        'xstate.done.actor.readResponseToken': 'charging',
        'xstate.error.actor.readResponseToken': 'failed',
      },
      refunded: {
        'panel.reset': 'idle',
      },
      givingCashback: {
        'xstate.done.actor.giveCashback': 'completed',
        'xstate.error.actor.giveCashback': 'failed',
      },
    },
  },
  compareContext: false,
  check: (actual, step, before) => {
    const { type } = step.event
    const c = ctx(actual)
    // exactly one wallet screen at a time
    expect(phoneOf(actual)).toHaveLength(1)
    if (type === 'start') {
      expect([at(actual), c.amountText, c.amount, c.amountAlert, c.problem]).toEqual(['"idle"', '1', 1, null, null])
      return
    }
    const b = ctx(before!)
    if (type === 'panel.amount') {
      const text = String(step.event.text)
      const expected = { '101': [null, 'AMOUNT_TOO_HIGH'], '-1': [null, 'AMOUNT_TOO_LOW'], '1.5': [null, 'AMOUNT_NOT_INTEGER'], '100': [100, null] }[text]
      expect([c.amount, c.amountAlert]).toEqual(expected)
    }
    if (type === 'panel.run') expect(at(actual)).toBe(runTarget(b))
    if (type === 'panel.type') expect(c.paymentType).toBe(step.event.paymentType)
    if (type === 'panel.view') expect(c.view).toBe(step.event.view)
    if (type === 'xstate.done.actor.createCode') {
      expect([at(actual), c.url, phoneOf(actual)]).toEqual(['"waiting"', demoCashierUrl, ['phone.cashier']])
    }
    if (type === 'xstate.done.actor.poll') {
      const outcome = (step.event.output as { outcome: string }).outcome
      expect([at(actual), c.problem]).toEqual(outcome === 'paid' ? ['"completed"', null] : ['"cancelling"', outcome === 'gaveUp' ? 'GAVE_UP' : 'TIMED_OUT'])
    }
    if (type === 'panel.cancel') expect(at(actual)).toBe(before!.matches('waiting') ? '"cancelling"' : '"idle"')
    if (type === 'xstate.done.actor.cancelCode') expect(at(actual)).toBe(b.problem ? '"failed"' : '"idle"')
    if (type === 'xstate.done.actor.getConsentUrl') expect([at(actual), c.url, phoneOf(actual)]).toEqual(['"consenting"', demoConsentUrl, ['phone.consent']])
    if (type === 'frame.navigated') {
      const location = String(step.event.location)
      const next = location.includes('responseToken=') ? '"readingToken"' : location.includes('loading') ? '"failed"' : '"consenting"'
      expect(at(actual)).toBe(next)
      if (next === '"failed"') expect(c.problem).toBe('RESPONSE_TOKEN_MISSING')
    }
    if (type === 'xstate.done.actor.getPrelinkedPayer') {
      expect(at(actual)).toBe(b.paymentType === 'cashback' ? '"givingCashback"' : '"charging"')
      expect(c.payer).toEqual(step.event.output) // the phone shows who pays
    }
    if (type === 'xstate.done.actor.readResponseToken') expect([at(actual), c.payer?.userAuthorizationId]).toEqual(['"charging"', 'ua-hanako'])
    if (type === 'xstate.done.actor.payDirect' || type === 'xstate.done.actor.giveCashback')
      expect([at(actual), phoneOf(actual)]).toEqual(['"completed"', ['phone.done']])
    if (type === 'xstate.done.actor.payDirect') expect(c.merchantPaymentId).toBe((step.event.output as { merchantPaymentId: string }).merchantPaymentId) // refundable
    if (type.startsWith('xstate.error.actor.')) {
      expect(at(actual)).toBe('"failed"')
      expect(c.problem).toBe(problemOf((step.event as { error?: unknown }).error))
    }
    if (type === 'panel.refund') expect(at(actual)).toBe(b.paymentType === 'cashback' ? '"completed"' : '"refunding"')
    if (type === 'xstate.done.actor.refundPayment') expect([at(actual), phoneOf(actual)]).toEqual(['"refunded"', ['phone.refunded']])
    if (type === 'panel.reset') expect([at(actual), c.url, c.merchantPaymentId, c.payer, c.problem]).toEqual(['"idle"', null, null, null, null])
  },
})

describe('demo panel amount field (spec §5, §8)', () => {
  it('accepts whole numbers from 0 to 100 and refuses everything else with the right alert', () => {
    expect(['0', '1', ' 100 ', '-0'].map((t) => readDemoAmount(t).amount)).toEqual([0, 1, 100, 0])
    expect(['101', '1000000'].map((t) => readDemoAmount(t).alert)).toEqual(['AMOUNT_TOO_HIGH', 'AMOUNT_TOO_HIGH'])
    expect(['-1', '-100'].map((t) => readDemoAmount(t).alert)).toEqual(['AMOUNT_TOO_LOW', 'AMOUNT_TOO_LOW'])
    expect(['', ' ', '1.5', '1e2', '0x10', 'abc', '１０', '--1', '99999999999999999'].map((t) => readDemoAmount(t).alert)).toEqual(
      Array(9).fill('AMOUNT_NOT_INTEGER'),
    )
  })

  it('sends the typed amount with the run, and the run waits while the field is refused', async () => {
    const amounts: number[] = []
    const actor = createActor(
      demoPanelMachine.provide({
        actors: {
          getPrelinkedPayer: fromPromise(async () => ({ userAuthorizationId: 'ua-1', phoneNumber: '***1' })),
          payDirect: fromPromise(async ({ input }) => {
            amounts.push(input.amount)
            return { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' }
          }),
        },
      }),
      { input: { paymentType: 'autoDebit' } },
    ).start()
    actor.send({ type: 'panel.amount', text: '101' })
    actor.send({ type: 'panel.run' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'panel.amount', text: '37' })
    actor.send({ type: 'panel.run' })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect([actor.getSnapshot().value, amounts]).toEqual(['completed', [37]])
  })
})
