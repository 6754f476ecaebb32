import { expect, test, type Page } from '../support/hydrated-test.ts'
import type { AnyStateMachine } from 'xstate'
import { forgotPasswordModel } from '@machines/forgot-password.machine.model.ts'
import { searchModel } from '@machines/search.machine.model.ts'
import { signInModel } from '@machines/sign-in.machine.model.ts'
import { signUpModel } from '@machines/sign-up.machine.model.ts'
import { allStateNodes, seenAfter, stateValueText, type MachineModel, type ModelStep } from '../../scripts/statechart-model.ts'
import { transitionCover } from '../../scripts/lib/machine-plan.ts'
import { createAccountThroughApi, knownDeviceId, latestOtp } from '../support/e2e-account.ts'
import { png } from '../support/png.ts'
import { answerNextWith, expectShows, type Shows } from '../support/statechart-paths.ts'

/**
 * The machines' transition-cover paths (the QA plans of `npm run qa:paths`) replayed in Chromium against the real
 * server: each event becomes what a user does (typing, pressing), or — for the server's answers — the data the
 * preceding action used to get that answer (a wrong password, a wallet account, a non-square logo). Answers the
 * sandbox cannot give on purpose (a 500, a timed-out session) are played by answering the next request of that
 * endpoint from the test. After every step the state's tags become DOM assertions: each `screen.*` tag of the flow
 * is visible exactly when the state has it (the components mark their screens with `data-screen`), `alert.*`
 * likewise. States of the moment (`busy.*`, typing) are not asserted: they pass as fast as the server answers.
 * A machine change the UI does not follow — a new screen, a different target — fails here.
 */

type Event = ModelStep['event']
interface Ctx {
  page: Page
  email: string
  password: string
}
interface Driver {
  model: MachineModel<AnyStateMachine>
  start: (ctx: Ctx, inputName: string) => Promise<void>
  /** User actions; `answer` is the server's answer the model expects after it (the action picks data for it). */
  act: Record<string, (ctx: Ctx, event: Event, answer: Event | undefined) => Promise<void>>
  /** Where each tag shows: a locator visible exactly while the state has the tag, or a URL it leads to. */
  shows: Shows
}

const transient = (tags: string[]) => tags.some((t) => t.startsWith('busy.') || t === 'search.typing' || t === 'search.searching')
const codeOf = (event: Event | undefined) => (event?.error as { code?: string } | undefined)?.code
const statusOf = (event: Event | undefined) => (event?.error as { status?: number } | undefined)?.status

const card = (page: Page, screen: string) => page.locator(`[data-screen="${screen}"]`)
/** `screen.<name>` shows as the element marked `data-screen="<name>"`. */
const screens = (...names: string[]) => Object.fromEntries(names.map((name) => [`screen.${name}`, (page: Page) => card(page, name)]))

// ── search ─────────────────────────────────────────────────────────────────────────────────────────────
const search: Driver = {
  model: searchModel,
  start: async ({ page }) => {
    await page.goto('/')
    await page.locator('.shell-search-button').first().click()
    await expect(page.locator('.search-dialog input[type="search"]')).toBeFocused()
  },
  act: {
    'search.input': async ({ page }, event, answer) => {
      let text = String(event.text)
      if (text.trim()) {
        if (answer?.type === 'xstate.done.actor.search' && !(answer.output as unknown[]).length) text = 'zzqxwv'
        if (answer?.type === 'xstate.error.actor.search')
          await answerNextWith(page, '/dev/config/search', statusOf(answer) ?? 500, statusOf(answer) === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR')
      }
      await page.locator('.search-dialog input[type="search"]').fill(text)
    },
  },
  shows: {
    'search.results': (page) => page.locator('.search-dialog__results'),
    'search.noResults': (page) => page.locator('.search-dialog__empty'),
    'search.tooLong': (page) => page.locator('.search-dialog__too-long'),
  },
}

// ── forgot password ────────────────────────────────────────────────────────────────────────────────────
const forgotPassword: Driver = {
  model: forgotPasswordModel,
  start: async (ctx) => {
    const account = await createAccountThroughApi(ctx.page.request, 'forgot')
    ctx.email = account.email
    await ctx.page.goto('/account/forgotPassword')
  },
  act: {
    'forgot.submit': async ({ page, email }, _, answer) => {
      if (answer?.type === 'xstate.error.actor.requestReset') await answerNextWith(page, '/v1/dpSignIn/passwordReset', 400, codeOf(answer)!)
      await card(page, 'forgotForm').locator('input[type="email"]').fill(email)
      await card(page, 'forgotForm').locator('button[type="submit"]').click()
    },
    'forgot.done': async ({ page }) => card(page, 'forgotSent').getByRole('button').click(),
    'forgot.retry': async ({ page }) => card(page, 'forgotFailed').getByRole('button').click(),
  },
  shows: {
    ...screens('forgotForm', 'forgotSent', 'forgotFailed', 'signIn'),
    'alert.error': (page) => card(page, 'forgotForm').locator('input[aria-invalid="true"]'),
  },
}

// ── sign-in ────────────────────────────────────────────────────────────────────────────────────────────
const wallet = { email: 'wallet.user@paylab.example', password: 'Wallet#2026' }

async function useKnownDevice(page: Page) {
  await page.evaluate((id) => localStorage.setItem('uaid', id), knownDeviceId)
}

async function typeOtp(ctx: Ctx) {
  const panel = card(ctx.page, 'otp')
  await expect(panel).toBeVisible()
  await panel.locator('input').fill(await latestOtp(ctx.page.request, ctx.email))
  await panel.locator('button[type="submit"]').click()
}

/**
 * The answer of an account page's first question, who is signed in here: for an unfinished or a finished account,
 * one of that kind is signed in on this browser (its token stored as sign-in stores it) and the page opened again.
 */
async function signedInHere(ctx: Ctx, event: Event, path: string) {
  const output = event.output as { status: string } | null
  if (!output) return
  const account = await createAccountThroughApi(ctx.page.request, 'here', output.status === 'COMPLETED' ? 'developer' : 'verified')
  Object.assign(ctx, { email: account.email, password: account.password })
  await ctx.page.evaluate((token) => localStorage.setItem('userLoginToken', JSON.stringify(token)), account.token)
  await ctx.page.goto(path)
}

const signIn: Driver = {
  model: signInModel,
  start: async ({ page }) => {
    await page.goto('/account/signin')
  },
  act: {
    'signIn.submit': async (ctx, _, answer) => {
      const { page } = ctx
      const output = answer?.output as { kind: string; status?: string } | undefined
      if (answer?.type === 'xstate.done.actor.authenticate') {
        // a complete or unfinished account; on the device it was made on, unless the answer is the OTP panel
        const account = await createAccountThroughApi(page.request, 'paths', output?.status?.startsWith('PENDING') ? 'verified' : 'developer')
        Object.assign(ctx, { email: account.email, password: account.password })
        if (output?.kind !== 'otpRequired') await useKnownDevice(page)
      } else if (codeOf(answer) === '040000018') Object.assign(ctx, wallet)
      else {
        const account = await createAccountThroughApi(page.request, 'paths')
        Object.assign(ctx, { email: account.email, password: 'Wrong#Pass1' })
      }
      const form = card(page, 'signIn')
      await form.locator('input[type="email"]').fill(ctx.email)
      await form.locator('input[autocomplete="current-password"], input[type="password"]').first().fill(ctx.password)
      await form.locator('button[type="submit"]').click()
    },
    'terms.accept': async ({ page }, _, answer) => {
      // accepting for real would turn the seeded wallet account into a developer account for every later test
      if (answer?.type !== 'xstate.error.actor.authenticate') throw new Error('only a refused acceptance is replayed in the browser')
      await answerNextWith(page, '/v1/dpSignIn/authenticate', 401, codeOf(answer)!)
      await card(page, 'terms').locator('button.account-submit').click()
    },
    'terms.decline': async ({ page }) => card(page, 'terms').locator('button.account-link-button').click(),
    'otp.cancel': async ({ page }) => card(page, 'otp').locator('button.account-link-button').click(),
    'xstate.done.actor.otp': (ctx) => typeOtp(ctx),
    'xstate.done.actor.existingSession': (ctx, event) => signedInHere(ctx, event, '/account/signin'),
  },
  shows: {
    ...screens('signIn', 'terms', 'otp'),
    'screen.continueSignUp': (page) => card(page, 'merchant'),
    'screen.signedIn': { url: /\/dashboard\/home$/ },
    'alert.error': (page) => page.locator('.account-card [role="alert"]'),
  },
}

// ── sign-up ────────────────────────────────────────────────────────────────────────────────────────────
const signUp: Driver = {
  model: signUpModel,
  start: async (ctx, inputName) => {
    const { page } = ctx
    if (inputName === 'fresh' || inputName === 'opened') return void (await page.goto('/account/signup'))
    // an unfinished sign-up, signed in on its own device: sign-in continues at step 3
    const account = await createAccountThroughApi(page.request, 'resume', 'verified')
    Object.assign(ctx, { email: account.email, password: account.password })
    await page.goto('/account/signin')
    await useKnownDevice(page)
    await card(page, 'signIn').locator('input[type="email"]').fill(ctx.email)
    await card(page, 'signIn').locator('input[type="password"]').first().fill(ctx.password)
    await card(page, 'signIn').locator('button[type="submit"]').click()
  },
  act: {
    'account.submit': async (ctx, _, answer) => {
      const { page } = ctx
      if (answer?.type === 'xstate.error.actor.createAccount' && codeOf(answer) === 'INTERNAL_SERVER_ERROR') {
        await answerNextWith(page, '/v1/dpSignup/createAccount', 500, 'INTERNAL_SERVER_ERROR')
        ctx.email = `paths-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paylab.example`
      } else if (answer?.type === 'xstate.error.actor.createAccount') ctx.email = (await createAccountThroughApi(page.request, 'taken')).email
      else ctx.email = `paths-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paylab.example`
      const form = card(page, 'account')
      await form.locator('input[type="email"]').fill(ctx.email)
      for (const input of await form.locator('input[type="password"]').all()) await input.fill('Abc12$xy')
      await form.locator('button[type="submit"]').click()
    },
    'xstate.done.actor.otp': (ctx) => typeOtp(ctx),
    'xstate.done.actor.existingSession': (ctx, event) => signedInHere(ctx, event, '/account/signup'),
    'logo.select': async ({ page }, _, answer) => {
      const code = codeOf(answer)
      if (code === 'SESSION_TIMED_OUT') await answerNextWith(page, '/v1/dpSignup/uploadLogo', 401, 'UNAUTHORIZED')
      const [width, height] = code === 'LOGO_DIMENSIONS' ? [300, 100] : [120, 120]
      await card(page, 'merchant')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(width, height) })
    },
    'merchant.submit': async ({ page }, event) => {
      await card(page, 'merchant').locator('input:not([type="file"])').fill(String(event.merchantName))
      await card(page, 'merchant').locator('button[type="submit"]').click()
    },
    'merchant.skip': async ({ page }) => card(page, 'merchant').locator('button.account-link-button').click(),
    'products.back': async ({ page }) => card(page, 'products').locator('button.account-link-button').click(),
    'products.register': async ({ page }, _, answer) => {
      const code = codeOf(answer)
      if (code === 'SESSION_TIMED_OUT') await answerNextWith(page, '/v1/dpSignup/signupProduct', 401, 'UNAUTHORIZED')
      else if (code) await answerNextWith(page, '/v1/dpSignup/signupProduct', 500, code)
      await card(page, 'products').locator('button[type="submit"]').click()
    },
    'keys.show': async ({ page }, _, answer) => {
      const code = codeOf(answer)
      if (code)
        await answerNextWith(
          page,
          /^\/v1\/d-panel\/[^/]+\/apiKey$/,
          code === 'SESSION_TIMED_OUT' ? 401 : 409,
          code === 'SESSION_TIMED_OUT' ? 'UNAUTHORIZED' : code,
        )
      await card(page, 'success').locator('button.account-link-button').click()
    },
    'keys.hide': async ({ page }) => card(page, 'newKey').locator('button.account-link-button').click(),
  },
  shows: {
    ...screens('account', 'otp', 'merchant', 'products', 'success', 'newKey', 'timedOut'),
    'screen.finished': { url: /\/dashboard\/home$/ },
    'alert.error': (page) => page.locator('.account-card .account-form-error[role="alert"]'),
    'alert.logo': (page) => card(page, 'merchant').locator('.account-field-message:not(:empty)'),
  },
}

const flows: Record<string, Driver> = { search, 'forgot-password': forgotPassword, 'sign-in': signIn, 'sign-up': signUp }

for (const [flow, driver] of Object.entries(flows)) {
  const { paths, uncovered } = transitionCover(driver.model)
  test.describe(`${flow} statechart paths in the browser`, () => {
    test(`the plan takes every transition of ${flow}, and every screen and alert it tags has a place in the UI`, () => {
      expect(uncovered).toEqual([])
      const states = paths.flatMap((p) => [p.initial, ...p.steps.map((s) => s.state)])
      const tags = new Set([...allStateNodes(driver.model.machine).flatMap((n) => n.tags), ...states.flatMap((s) => seenAfter(driver.model, s))])
      const unplaced = [...tags].filter((t) => !transient([t]) && !t.startsWith('search.empty') && !(t in driver.shows))
      expect(unplaced, 'tags no screen shows: give them a data-screen and a place in the driver').toEqual([])
    })
    paths.forEach((path, index) => {
      const via = path.steps
        .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*/, 'after:$1'))
        .join(' → ')
      test(`path ${index + 1} (${path.inputName}): ${via || '(the start)'}`, async ({ page }) => {
        test.setTimeout(60_000)
        const ctx: Ctx = { page, email: '', password: '' }
        await driver.start(ctx, path.inputName)
        await expectShows(page, driver.shows, seenAfter(driver.model, path.initial), 'start')
        for (const [n, step] of path.steps.entries()) {
          const act = driver.act[step.event.type]
          // the answer this action leads to: the next event that is not a wait
          const answer = path.steps.slice(n + 1).find((s) => !s.event.type.startsWith('xstate.after.'))?.event
          if (act) await act(ctx, step.event, answer)
          const tags = seenAfter(driver.model, step.state)
          if (!transient(tags)) await expectShows(page, driver.shows, tags, `step ${n + 1} (${step.event.type}) → ${stateValueText(step.state.value)}`)
        }
      })
    })
  })
}
