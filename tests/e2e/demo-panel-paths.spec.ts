import { expect, test, type Page } from '../support/hydrated-test.ts'
import { allStateNodes, seenAfter } from '../../scripts/statechart-model.ts'
import { transitionCover } from '../../scripts/lib/machine-plan.ts'
import { demoPanelModel } from '@machines/demo-panel.machine.model.ts'
import { responseTokenOf } from '../../src/domain/checkout-demo.ts'
import { demoApiPaths as P } from '../../src/domain/demo-api.ts'
import type { DemoPanelType } from '../../src/domain/demo-panel.ts'
import {
  consent,
  openOnPageClock,
  outcomeOf,
  payTheCode,
  returnWithoutToken,
  pollEnds,
  preparePollEnd,
  replay,
  stepTitle,
  transient,
  type Event,
  type PathDriver,
} from '../support/demo-path-replay.ts'
import { answerNextWith } from '../support/statechart-paths.ts'

/**
 * The phone-mock test panel's QA plan (`npm run qa:paths demo-panel`, the greedy transition cover: 7 paths, every
 * transition) replayed in Chromium against the real server and sandbox on Playwright's page clock, as the
 * checkouts' plans are (tests/support/demo-path-replay.ts). Real answers wherever the sandbox gives them: codes,
 * the pre-linked payer, the consent page (hanako agrees or cancels in the phone's frame), payments, cashback and
 * refunds; the refusals the plan names "0 yen" are real too (the field takes 0, the sandbox refuses it: typed before
 * Run). Only what the sandbox cannot do on purpose is answered by the test: a 429, no answer (an aborted request),
 * a refund or delete that fails. After each settled step the panel's `data-state` is the model's, and each phone
 * screen, amount alert, problem and the disabled Run show exactly while the state has them. The QR payer is hanako
 * (demo-panel.spec.ts's payer too; no test compares her balance), the native payer the demo's pre-linked taro.
 */

const panel = (page: Page) => page.getByTestId('demo-panel')
const amountField = (page: Page) => page.getByLabel('Amount (yen, 0 to 100)')
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const typeNames: Record<DemoPanelType, string> = { qrCode: 'QR code', cashback: 'Cashback', appInvoke: 'App invoke', autoDebit: 'Auto debit' }

/** The amount the next Run sends: 0 for a refusal the plan names, else 1 unless the path typed one itself. */
async function amountFor(page: Page, refused: boolean) {
  const field = amountField(page)
  if (refused) {
    await expect(field, 'the amount can still be typed before Run').toBeEditable()
    return field.fill('0')
  }
  if ((await field.inputValue()) === '0') await field.fill('1')
}
const refusedAtZero = (page: Page) => amountFor(page, true)
const acceptedAmount = (page: Page) => amountFor(page, false)

/** The next request to `path` gets no answer (the network fails): the panel says NO_ANSWER. */
const noAnswerNext = async (page: Page, path: string) =>
  void (await page.route(
    (url) => url.pathname === path || url.pathname.startsWith(`${path}/`),
    (route) => route.abort(),
    { times: 1 },
  ))

/** Problems the panel can end with: the catalogue's own and the result codes of the plan's refusals. */
const problems = ['TIMED_OUT', 'GAVE_UP', 'RESPONSE_TOKEN_MISSING', 'NO_ANSWER', 'UNEXPECTED_ANSWER', 'INVALID_PARAMS', 'RATE_LIMIT']
const amountAlerts = ['AMOUNT_TOO_HIGH', 'AMOUNT_TOO_LOW', 'AMOUNT_NOT_INTEGER']
const phoneScreens = ['home', 'cashier', 'consent', 'charging', 'done', 'refunded', 'error']

const driver: PathDriver = {
  model: demoPanelModel,
  root: panel,
  act: {
    'panel.type': async (page, event) => page.getByRole('radio', { name: typeNames[event.paymentType as DemoPanelType], exact: true }).check(),
    'panel.view': async (page, event) =>
      page
        .getByRole('radio', { name: event.view === 'directDebit' ? 'Direct debit (link on the consent page first)' : 'Native payment (linked test user)' })
        .check(),
    'panel.amount': async (page, event) => amountField(page).fill(String(event.text)),
    'panel.run': async (page) => button(page, 'Run').click(),
    'panel.cancel': async (page) => button(page, 'Cancel').click(),
    'panel.refund': async (page) => button(page, 'Refund').click(),
    'panel.reset': async (page) => button(page, 'New payment').click(),
    'frame.navigated': async (page, event, answer) => {
      if (responseTokenOf(String(event.location)).token !== null) return consent(page, answer?.type !== 'xstate.error.actor.readResponseToken')
      await returnWithoutToken(page)
    },
    'xstate.done.actor.poll': async (page, event) => {
      if (outcomeOf(event) === 'paid') await payTheCode(page, page.getByRole('img', { name: 'QR code of the payment' }), 'hanako')
      await pollEnds(page, event)
    },
  },
  prepare: {
    'xstate.done.actor.createCode': acceptedAmount,
    'xstate.error.actor.createCode': refusedAtZero,
    'xstate.done.actor.payDirect': acceptedAmount,
    'xstate.error.actor.payDirect': refusedAtZero,
    'xstate.done.actor.giveCashback': acceptedAmount,
    'xstate.error.actor.giveCashback': refusedAtZero,
    'xstate.error.actor.getPrelinkedPayer': (page) => answerNextWith(page, P.autoDebitId, 429, 'RATE_LIMIT'),
    'xstate.error.actor.getConsentUrl': (page) => noAnswerNext(page, P.login),
    'xstate.error.actor.cancelCode': (page) => noAnswerNext(page, P.deleteQr),
    'xstate.error.actor.refundPayment': (page) => noAnswerNext(page, P.refunds),
    'xstate.done.actor.poll': preparePollEnd,
  },
  shows: {
    ...Object.fromEntries(phoneScreens.map((s) => [`phone.${s}`, (page: Page) => page.locator(`.demo-phone[data-screen="phone.${s}"]`)])),
    ...Object.fromEntries(amountAlerts.map((a) => [`alert.${a}`, (page: Page) => page.getByRole('alert').and(page.locator(`[data-alert="${a}"]`))])),
    ...Object.fromEntries(
      problems.map((p) => [`problem.${p}`, (page: Page) => page.getByRole('alert').and(page.locator(`[data-outcome="failed"][data-problem="${p}"]`))]),
    ),
    'run.disabled': (page) => page.getByRole('button', { name: 'Run', exact: true, disabled: true }),
  },
}

/** Which of an event's payloads a step uses, for the test's title. */
function variant(event: Event): string {
  if (event.type === 'xstate.done.actor.poll') return `(${outcomeOf(event)})`
  if (event.type === 'panel.amount') return `(${String(event.text)})`
  if (event.type === 'frame.navigated') return responseTokenOf(String(event.location)).token !== null ? '(token)' : '(no token)'
  return ''
}

const { paths, uncovered } = transitionCover(demoPanelModel)

test.describe('demo-panel statechart paths in the browser', () => {
  test.beforeEach(async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL! }])
    await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  })

  test('the plan takes every transition of demo-panel, and every tag the model names has a place in the panel', () => {
    expect(uncovered).toEqual([])
    const states = paths.flatMap((p) => [p.initial, ...p.steps.map((s) => s.state)])
    const tags = new Set([...allStateNodes(demoPanelModel.machine).flatMap((n) => n.tags), ...states.flatMap((s) => seenAfter(demoPanelModel, s))])
    const unplaced = [...tags].filter((t) => !transient([t]) && !(t in driver.shows))
    expect(unplaced, 'tags the panel does not show: give them a place in the driver').toEqual([])
  })

  paths.forEach((path, index) => {
    const via = path.steps.map((s) => stepTitle(s.event, variant(s.event))).join(' → ')
    test(`path ${index + 1} (${path.inputName}): ${via}`, async ({ page }) => {
      const input = demoPanelModel.inputs.find((i) => i.name === path.inputName)!.input
      const query = new URLSearchParams({ type: input.paymentType, ...('view' in input ? { view: input.view } : {}) })
      await openOnPageClock(page, `/demo/panel?${query}`, panel(page))
      await replay(page, driver, path.initial, path.steps)
    })
  })
})
