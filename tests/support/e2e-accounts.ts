import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type APIRequestContext, type Page } from './hydrated-test.ts'
import { startServer } from '../../src/server/main.ts'
import { otpOf, startSmtpReceiver, type SmtpReceiver } from './smtp.ts'
import { seedPgliteDataDir } from './pglite-template.ts'
import { accountTexts as text } from './account-texts.ts'

/**
 * Shared by the accounts-*.spec.ts browser tests (not a test file itself): each worker runs its own server (fresh
 * PGlite store) whose SMTP_URL points at an SMTP receiver inside this process, so the mails are the ones a user would
 * get; and the steps the flows share (an account made through the API, a sign-in through the form with its OTP).
 */

export interface AccountsApp {
  origin: string
  smtp: SmtpReceiver
}

async function startAccountsApp(): Promise<AccountsApp & { stop: () => Promise<void> }> {
  const smtp = await startSmtpReceiver()
  const dataDir = mkdtempSync(join(tmpdir(), 'paylab-accounts-e2e-'))
  await seedPgliteDataDir(dataDir)
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'error' }
  delete env.PUBLIC_ORIGIN
  delete env.DATABASE_URL
  const { server, deps } = await startServer(env)
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    smtp,
    async stop() {
      // not the server's own shutdown(): that ends the process, which here is the test worker
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await deps.store.close()
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

// the seeded wallet-app account is changed by the one test that signs in with it (walked in one language), so it
// shares the worker's server with the other accounts tests, none of which uses that account
export const test = base.extend<object, { app: AccountsApp }>({
  app: [
    async ({}, use) => {
      const app = await startAccountsApp()
      await use(app)
      await app.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.origin),
})

export type Lang = 'ja' | 'en'

/**
 * The accounts suites' frame: `body` declares the tests once per language, under `accounts (<lang>)`, each page in
 * that language (the saved language and its mirror, the cookie the server renders in). The sign-up screens and every
 * validation message of spec §5 are walked in both languages. Each other flow goes through the same screens and code
 * in either language, so it is walked once (`onceIn`): half of them in Japanese, half in English. The texts they read
 * are checked in both languages' catalogs (tests/unit/account-texts.test.ts).
 */
export function accountsInEachLanguage(body: (lang: Lang, onceIn: (only: Lang, title: string, fn: Parameters<typeof test>[2]) => void) => void) {
  for (const lang of ['ja', 'en'] as const) {
    test.describe(`accounts (${lang})`, () => {
      const onceIn = (only: Lang, title: string, fn: Parameters<typeof test>[2]) => {
        if (lang === only) test(title, fn)
      }
      test.beforeEach(async ({ page }) => {
        await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
        await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang === 'ja' ? 'jp' : 'en')
      })
      body(lang, onceIn)
    })
  }
}
export const password = 'Abc12$xy'

let counter = 0
export const uniqueEmail = (tag: string, lang: Lang) => `${tag}-${lang}-${process.pid}-${Date.now()}-${counter++}@example.com`

/** The OTP of the first OTP mail to `email` that arrived after the mailbox held `since` mails. */
export async function readOtp(app: AccountsApp, email: string, since: number): Promise<string> {
  const mail = await app.smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && app.smtp.mails.indexOf(m) >= since && otpOf(m) !== undefined)
  return otpOf(mail)!
}

/** A finished developer account made through the API from another device (so the browser is a new device). */
export async function createDeveloper(request: APIRequestContext, app: AccountsApp, email: string) {
  const headers = { 'X-DEVICE-ID': 'pp4d-00000000-0000-4000-8000-000000000001' }
  const since = app.smtp.mails.length
  const created = await request.post(`${app.origin}/v1/dpSignup/createAccount`, { headers, data: { email, password } })
  expect(created.ok()).toBe(true)
  const ref: string = (await created.json()).data.otp_reference_id
  const otp = await readOtp(app, email, since)
  const validated = await request.post(`${app.origin}/v1/dpSignup/validateOtp`, { headers, data: { otp_reference_id: ref, otp, email } })
  const token: string = (await validated.json()).data.token.access_token
  const registered = await request.post(`${app.origin}/v1/dpSignup/signupProduct`, {
    headers: { authorization: `Bearer ${token}` },
    data: { merchantName: '', logoDMSId: 'default', email, products: [1, 3] },
  })
  expect(registered.ok()).toBe(true)
}

/** Signs in through the form; a new device answers with the OTP panel, which is filled from the mail. */
export async function signIn(page: Page, app: AccountsApp, lang: Lang, email: string, secret = password) {
  const t = text[lang]
  await page.getByLabel(t.email).fill(email)
  await page.getByLabel(t.password, { exact: true }).fill(secret)
  const since = app.smtp.mails.length
  await page.getByRole('button', { name: t.signIn, exact: true }).click()
  const otp = await readOtp(app, email, since)
  await page.getByLabel(t.otp).fill(otp)
  await page.getByRole('button', { name: t.verify, exact: true }).click()
}
