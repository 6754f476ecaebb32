import { expect, test, type Page } from '../support/hydrated-test.ts'
import { checkoutDirectDebitModel, returnWithToken } from '@machines/checkout-direct-debit.machine.model.ts'
import { cashbackReturnWithToken, checkoutQrModel } from '@machines/checkout-qr.machine.model.ts'
import { allStateNodes, seenAfter } from '../../scripts/statechart-model.ts'
import { transitionCover } from '../../scripts/lib/machine-plan.ts'
import { demoApiPaths as P } from '../../src/domain/demo-api.ts'
import { limits } from '../../src/domain/limits.ts'
import {
  answerNextOk,
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
 * The cake-shop checkout machines' QA plans (`npm run qa:paths checkout-qr|checkout-direct-debit`, the greedy
 * transition cover) replayed in Chromium against the real server and sandbox, on Playwright's page clock: the
 * clock is paused once the shop is open, so nothing happens until a step moves it. Waits of the model are
 * `page.clock.runFor` of the machine's named delay (the 45 s alert, the 30 s refund, the 1/2/4 s back-off: one
 * millisecond short first, to see that nothing happened yet), the 3-second looks are driven a tick at a time until
 * the look is sent, and the 5-minute limit is a `fastForward`. Server answers are real where the sandbox gives
 * them (a QR code paid by a test user, a consent given or declined in the frame, a refund); the failures it cannot
 * give on purpose (a 500, an EXPIRED answer, a request that times out) answer the request from the test, set up
 * before the step that sends it. After every step that settles (the next event is not a server answer in flight)
 * the flow's `data-state` must be the model's state, and each `screen.*`, `alert.*` and notice tag shows exactly
 * while the state has it. The QR machine's cashback kind (issue 20) runs on the shop's Cashback tab: the consent is
 * given or declined by hanako in the frame, and the cashback is the sandbox's real answer.
 */

interface Driver extends PathDriver {
  /** The model's start points that have a UI. */
  inputs: string[]
  /** Opens the flow for the model's start point `input`. */
  open: (page: Page, input: string) => Promise<void>
}

const flow = (page: Page) => page.locator('.cake-flow')
const card = (page: Page, screen: string) => page.locator(`.cake-flow[data-screen="${screen}"]`)
const screens = (...names: string[]) => Object.fromEntries(names.map((name) => [`screen.${name}`, (page: Page) => card(page, name)]))
const alertShows = {
  'alert.error': (page: Page) => page.locator('.cake-alert--error[data-alert]'),
  'alert.warning': (page: Page) => page.locator('.cake-alert--warning[data-alert]'),
  'alert.success': (page: Page) => page.locator('.cake-alert--success[data-alert]'),
}

/** What both checkouts share: alerts, the automatic refund and its retries, the end of the wait for the payment. */
const shared = {
  act: {
    'alert.close': async (page: Page) => page.locator('.cake-alert[data-alert] .cake-alert__close').click(),
  },
  prepare: {
    'xstate.error.actor.refundPayment': (page: Page) => answerNextWith(page, P.refunds, 500, 'INTERNAL_SERVER_ERROR'),
    'xstate.done.actor.poll': preparePollEnd,
  },
}

// ── QR code ────────────────────────────────────────────────────────────────────────────────────────────
const checkoutButton = (page: Page) => page.getByRole('button', { name: '購入手続きへ' })
/** The QR machine's cashback kind asks for the consent page where the QR kind creates the code. */
const onCashbackTab = (page: Page) => new URL(page.url()).searchParams.get('flow') === 'cashback'

const qr: Driver = {
  model: checkoutQrModel,
  root: flow,
  inputs: ['QR checkout', 'cashback'],
  open: (page, input) => openOnPageClock(page, input === 'cashback' ? '/demo/checkout?flow=cashback' : '/demo/checkout', flow(page)),
  act: {
    ...shared.act,
    'cake.pick': async (page, event) => page.locator(`input[name="cake"][value="${String(event.cake)}"]`).check(),
    'checkout.submit': async (page) => checkoutButton(page).click(),
    // issue 20: Cancel beside the QR code
    'checkout.cancel': async (page) => card(page, 'code').getByRole('button', { name: 'キャンセル', exact: true }).click(),
    'checkout.restart': async (page) => page.getByRole('button', { name: /^(ショップに戻る|もう一度買い物する)$/ }).click(),
    // cashback: hanako allows it in the frame (a declined consent returns a token the server refuses), or the frame returns without one
    'frame.navigated': async (page, event, answer) => {
      if (event.location === cashbackReturnWithToken) return consent(page, answer?.type !== 'xstate.error.actor.giveCashback')
      await returnWithoutToken(page)
    },
    'xstate.done.actor.poll': async (page, event) => {
      if (outcomeOf(event) === 'paid') await payTheCode(page, card(page, 'code').getByRole('img').and(page.locator('canvas[data-url]')), 'taro') // jiro is checkout-demo.spec.ts's payer, hanako links in direct debit
      await pollEnds(page, event)
    },
  },
  prepare: {
    ...shared.prepare,
    'xstate.done.actor.createCheckout': async (page, event) => {
      if ((event.output as { url: string | null }).url) return
      await (onCashbackTab(page) ? answerNextOk(page, P.login, { url: '' }) : answerNextOk(page, P.createQr, null))
    },
    'xstate.error.actor.createCheckout': (page) => answerNextWith(page, onCashbackTab(page) ? P.login : P.createQr, 503, 'SERVICE_UNAVAILABLE'),
    'xstate.error.actor.cancelCode': (page) => answerNextWith(page, P.deleteQr, 500, 'INTERNAL_SERVER_ERROR'),
  },
  shows: {
    ...screens('input', 'code', 'paid', 'frame'),
    ...alertShows,
    'notice.doNotClose': (page) => card(page, 'code').getByText('支払い後はブラウザを閉じないでください'),
    'checkout.disabled': (page) => page.getByRole('button', { name: '購入手続きへ', disabled: true }),
  },
}

// ── direct debit ───────────────────────────────────────────────────────────────────────────────────────
/** Held payment requests: sent on to the sandbox, their answers kept back until the shop's request timed out. */
const held = new WeakMap<Page, () => Promise<void>>()

async function holdNextPayment(page: Page) {
  await page.route(
    (url) => url.pathname === P.pay,
    async (route) => {
      const response = await route.fetch()
      held.set(page, () => route.fulfill({ response }).catch(() => {})) // the page gave up on it long ago
    },
    { times: 1 },
  )
}

const directDebit: Driver = {
  model: checkoutDirectDebitModel,
  root: flow,
  inputs: ['not linked'],
  open: async (page) => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL! }])
    await page.addInitScript(() => localStorage.setItem('lang', 'en'))
    await openOnPageClock(page, '/demo/checkout?flow=directDebit', flow(page))
  },
  act: {
    ...shared.act,
    // the first visit links the wallet; once linked the same step names the linked wallet (issue 20)
    'link.start': async (page) => page.getByRole('button', { name: /^(Link the wallet|Continue with the linked wallet \(.+\))$/ }).click(),
    'link.cancel': async (page) => page.getByRole('button', { name: 'Back to the shop' }).click(),
    'frame.navigated': async (page, event, answer) => {
      if (event.location === returnWithToken) return consent(page, answer?.type !== 'xstate.error.actor.saveResponseToken')
      await returnWithoutToken(page)
    },
    'debit.submit': async (page) => page.getByRole('button', { name: 'Debit' }).click(),
    'xstate.error.actor.createPayment': async (page, event) => {
      if (!(event.error as { timedOut: boolean }).timedOut) return
      await expect.poll(() => held.has(page), { message: 'the payment request reached the sandbox' }).toBe(true)
      await page.clock.runFor(limits.timeouts.shortMs) // the shop's request timeout (spec §7 "short") passes
      await held.get(page)!()
      held.delete(page)
    },
    'xstate.done.actor.poll': (page, event) => pollEnds(page, event),
  },
  prepare: {
    ...shared.prepare,
    'xstate.error.actor.getAuthorizationUrl': (page) => answerNextWith(page, P.login, 503, 'SERVICE_UNAVAILABLE'),
    'xstate.error.actor.createPayment': async (page, event) => {
      if ((event.error as { timedOut: boolean }).timedOut) await holdNextPayment(page)
      else await answerNextWith(page, P.pay, 400, 'INVALID_PARAMS')
    },
    'xstate.error.actor.cancelPayment': (page) => answerNextWith(page, P.cancel, 500, 'INTERNAL_SERVER_ERROR'),
  },
  shows: {
    ...screens('input', 'frame', 'debit', 'paid'),
    ...alertShows,
  },
}

// ── the replay ─────────────────────────────────────────────────────────────────────────────────────────

/** Which of an event's payloads a step uses, for the test's title. */
function variant(event: Event): string {
  const output = event.output as { outcome?: string; url?: string | null } | undefined
  if (output?.outcome) return `(${output.outcome})`
  if (event.type === 'xstate.done.actor.createCheckout' && !output?.url) return '(no url)'
  if (event.type === 'frame.navigated') return event.location === returnWithToken || event.location === cashbackReturnWithToken ? '(token)' : '(no token)'
  if (event.type === 'xstate.error.actor.createPayment') return (event.error as { timedOut: boolean }).timedOut ? '(timed out)' : '(refused)'
  return ''
}

const drivers: Record<string, Driver> = { 'checkout-qr': qr, 'checkout-direct-debit': directDebit }

for (const [name, driver] of Object.entries(drivers)) {
  const model = { ...driver.model, inputs: driver.model.inputs?.filter((i) => driver.inputs.includes(i.name)) }
  const { paths, uncovered } = transitionCover(model)
  test.describe(`${name} statechart paths in the browser`, () => {
    test(`the plan takes every transition of ${name} that has a UI, and every screen and alert it tags has a place in the UI`, () => {
      // every transition, the QR machine's cashback kind's too (issue 20: its Cashback tab)
      expect(uncovered).toEqual([])
      const states = paths.flatMap((p) => [p.initial, ...p.steps.map((s) => s.state)])
      const tags = new Set([...allStateNodes(driver.model.machine).flatMap((n) => n.tags), ...states.flatMap((s) => seenAfter(driver.model, s))])
      const unplaced = [...tags].filter((t) => !transient([t]) && !(t in driver.shows))
      expect(unplaced, 'tags no screen shows: give them a data-screen and a place in the driver').toEqual([])
    })
    paths.forEach((path, index) => {
      const via = path.steps.map((s) => stepTitle(s.event, variant(s.event))).join(' → ')
      test(`path ${index + 1} (${path.inputName}): ${via}`, async ({ page }) => {
        test.setTimeout(60_000)
        await driver.open(page, path.inputName)
        await replay(page, driver, path.initial, path.steps)
      })
    })
  })
}
