import { expect, type Locator, type Page, type Request } from '@playwright/test'
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { delayMs, seenAfter, stateValueText, type MachineModel, type ModelStep } from '../../scripts/statechart-model.ts'
import { demoApiPaths as P } from '../../src/domain/demo-api.ts'
import { limits } from '../../src/domain/limits.ts'
import { answerNextWith, expectShows, type Shows } from './statechart-paths.ts'
import { formAction, socketSend, testUserChoices, walletBrowser } from './wallet-browser.ts'

/**
 * Replaying a demo machine's QA plan (`npm run qa:paths <machine>`, the greedy transition cover) in Chromium on
 * Playwright's page clock, shared by the cake-shop checkouts (tests/e2e/checkout-paths.spec.ts) and the phone-mock
 * panel (tests/e2e/demo-panel-paths.spec.ts). The page opens with the clock installed and then paused, so nothing
 * happens until a step moves it: waits of the model are `runFor` of the named delay (one millisecond short first,
 * to see that nothing happened yet), the 3-second looks at a payment are driven a tick at a time until the look is
 * sent, the 5-minute limit is a `fastForward`. A driver says what a user does for each event (`act`) and which
 * server answers the test gives because the sandbox cannot give them on purpose (`prepare`, set up before the step
 * whose request they answer). After every step that settles the flow's `data-state` is the model's state, and
 * each tag of `shows` is on screen exactly while the state has it.
 */

export type Event = ModelStep['event']

export interface PathDriver {
  model: MachineModel<AnyStateMachine>
  /** The element that carries the flow's `data-state`. */
  root: (page: Page) => Locator
  /** What a user (or the test user in the wallet) does for an event; `answer` is the server answer that follows. */
  act: Record<string, (page: Page, event: Event, answer: Event | undefined) => Promise<void>>
  /** Answers (or inputs) that make the next request end as the model says, set up before the step that sends it. */
  prepare: Record<string, (page: Page, event: Event) => Promise<void>>
  shows: Shows
}

export const isAnswer = (event: Event | undefined) => !!event && /^xstate\.(done|error)\.actor\./.test(event.type)
const isPollAnswer = (event: Event | undefined) => event?.type === 'xstate.done.actor.poll'
export const outcomeOf = (event: Event) => (event.output as { outcome: string }).outcome
const pathOf = (request: Request) => new URL(request.url()).pathname

/** Opens `path` with the page clock installed, then pauses the clock once `root` shows a state. */
export async function openOnPageClock(page: Page, path: string, root: Locator) {
  await page.clock.install()
  await page.goto(path)
  await expect(root).toHaveAttribute('data-state', /.+/)
  await page.clock.pauseAt(Date.now() + 1_000)
}

/**
 * Moves the paused clock a quarter second at a time until the page sends a request to `path` (a look at the
 * payment 3 s after the last answer), then waits for its answer; no page time passes while it is in flight.
 */
async function tickUntilRequest(page: Page, path: string) {
  let sent = false
  const request = page.waitForRequest((r) => pathOf(r).startsWith(path), { timeout: 20_000 }).then((r) => ((sent = true), r))
  for (let ticks = 0; !sent; ticks++) {
    if (ticks > 40) throw new Error(`no request to ${path} within ${ticks / 4} s of page time`)
    await page.clock.runFor(250)
  }
  await (await request).response()
}

/** The next request to `path` answers 200 SUCCESS with `data`. */
export const answerNextOk = (page: Page, path: string, data: unknown, times = 1) => answerNextWith(page, path, 200, 'SUCCESS', data, times)

/** A test user pays the code drawn by `qr` (a `QrCanvas`, its url in `data-url`) in the wallet's cashier page (as a browser without JavaScript does). */
export async function payTheCode(page: Page, qr: Locator, username: string) {
  const url = (await qr.getAttribute('data-url'))!
  const origin = new URL(page.url()).origin
  const wallet = walletBrowser(socketSend(), origin)
  const cashier = await wallet.open(new URL(url).pathname)
  await wallet.post(formAction(cashier.html, '/sign-in'), { testUserId: testUserChoices(cashier.html).get(username)! })
  const paid = await wallet.post(formAction((await wallet.get(cashier.url)).html, '/pay'))
  expect(paid.status, 'the cashier accepts the payment').toBeLessThan(400)
}

/** The test user hanako in the wallet's consent page framed by the demo: signs in (unless the wallet remembers her) and agrees, or cancels. */
/** The demo's consent frame, in either language of the shop (direct debit runs in English, the cashback tab in Japanese). */
const consentFrame = 'iframe[title="Wallet consent page"], iframe[title="ウォレットの同意画面"]'

export async function consent(page: Page, agree: boolean) {
  const wallet = page.frameLocator(consentFrame)
  if (!agree)
    return void (await wallet
      .getByRole('button', { name: /^(キャンセル|Cancel)$/ })
      .first()
      .click()) // the wallet returns a declined token
  const user = wallet.getByRole('radio', { name: /hanako/ })
  const approve = wallet.getByRole('button', { name: /^(同意して続ける|Agree and continue)$/ })
  await expect(user.or(approve)).toBeVisible()
  if (await user.isVisible()) {
    await user.check()
    await wallet.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click()
  }
  await approve.click()
}

/** The wallet sends the consent frame back to the demo's loading page without a token. */
export async function returnWithoutToken(page: Page) {
  await page.locator(consentFrame).evaluate((frame: HTMLIFrameElement) => {
    frame.src = '/demo/checkout/loading'
  })
}

/** How the wait for the payment (`checkout-poll`, invoked as `poll`) ends, on the page clock (its answer set up by `preparePollEnd`). */
export async function pollEnds(page: Page, event: Event) {
  const outcome = outcomeOf(event)
  if (outcome === 'timedOut') return void (await page.clock.fastForward(limits.demoPollTotalMs)) // one more look may start; the limit ends the wait first
  for (let look = 0; look < (outcome === 'gaveUp' ? limits.retry.limit + 1 : 1); look++) await tickUntilRequest(page, P.qrDetail)
}

/** The end of the wait the sandbox cannot give on purpose: EXPIRED (its answer once the code expired), or four failed looks in a row. */
export async function preparePollEnd(page: Page, event: Event) {
  if (outcomeOf(event) === 'closed') await answerNextOk(page, P.qrDetail, { status: 'EXPIRED' })
  if (outcomeOf(event) === 'gaveUp') await answerNextWith(page, P.qrDetail, 500, 'INTERNAL_SERVER_ERROR', null, limits.retry.limit + 1)
}

/** States of the moment (a request in flight) are not asserted: they pass as fast as the server answers. */
export const transient = (tags: string[]) => tags.some((t) => t.startsWith('busy.'))

/** Plays `steps` from `initial` on the open page. */
export async function replay(page: Page, driver: PathDriver, initial: AnyMachineSnapshot, steps: ModelStep[]) {
  const { machine } = driver.model
  const prepared = new Set<number>()
  /** Sets up the answers that follow step `n` in a row (each answers the request of the step before it). */
  const prepareAnswersAfter = async (n: number) => {
    for (let k = n + 1; k < steps.length && isAnswer(steps[k]!.event); k++) {
      if (prepared.has(k)) continue
      prepared.add(k)
      await driver.prepare[steps[k]!.event.type]?.(page, steps[k]!.event)
    }
  }
  const settled = async (state: AnyMachineSnapshot, next: ModelStep | undefined, where: string) => {
    const tags = seenAfter(driver.model, state)
    // a state that waits for the clock or the user has settled; one whose request is in flight has not
    const waits = next ? !isAnswer(next.event) || isPollAnswer(next.event) : !transient(tags) || /Backoff/.test(stateValueText(state.value))
    if (waits) await expect(driver.root(page), `${where}: the machine's state`).toHaveAttribute('data-state', JSON.stringify(state.value))
    if (!transient(tags)) await expectShows(page, driver.shows, tags, where)
  }

  await prepareAnswersAfter(-1)
  await settled(initial, steps[0], 'start')
  for (const [n, step] of steps.entries()) {
    const before = n === 0 ? initial : steps[n - 1]!.state
    const where = `step ${n + 1} (${step.event.type}) → ${stateValueText(step.state.value)}`
    await prepareAnswersAfter(n)
    const wait = /^xstate\.after\.([^.]+)\./.exec(step.event.type)?.[1]
    if (wait) {
      const ms = delayMs(machine, wait, before)!
      await page.clock.runFor(ms - 1)
      await expect(driver.root(page), `${where}: 1 ms before the ${ms} ms wait ends`).toHaveAttribute('data-state', JSON.stringify(before.value))
      await page.clock.runFor(1)
    } else {
      const answer = isAnswer(steps[n + 1]?.event) ? steps[n + 1]!.event : undefined
      await driver.act[step.event.type]?.(page, step.event, answer)
    }
    await settled(step.state, steps[n + 1], where)
  }
}

/** A step's event for a test's title: answers as `done:`/`error:`, waits as `after:`, plus the driver's variant. */
export const stepTitle = (event: Event, variant: string) =>
  event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*/, 'after:$1') + variant
