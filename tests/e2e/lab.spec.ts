import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { labEndpointsOf, type ScenarioId } from '../../src/domain/lab.ts'
import { signOpaRequest } from '../../src/domain/opa-auth.ts'
import { products, type ProductModel } from '../../src/domain/products.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { createAccountThroughApi, signInDocument } from '../support/e2e-account.ts'
import { test, expect, type Page } from '../support/hydrated-test.ts'
import { formAction, socketSend, testUserChoices, walletBrowser } from '../support/wallet-browser.ts'

/**
 * The resolver and the payment lab as a developer uses them (issue 12): the resolver from an SDK-style link in
 * Japanese and English (signed out), an unknown code with its near matches; every lab tab's happy path with the
 * developer's own key and its unauthorised (WOT) scenario; "copy as curl" run with the real curl; the old lab links.
 */

type Lang = 'ja' | 'en'
const run = promisify(execFile)

async function useLang(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang === 'ja' ? 'jp' : 'en')
}

interface Developer {
  token: string
  apiKey: string
  apiSecret: string
  merchantId: string
}

/** A developer with every product (so every tab is in scope), signed in in this browser. */
async function signedInDeveloper(page: Page): Promise<Developer> {
  const { token } = await createAccountThroughApi(page.request, 'lab')
  const auth = { authorization: `Bearer ${token.access_token}` }
  expect((await page.request.put('/dev/v1/user/putProducts', { headers: auth, data: { products: products.map((p) => p.id) } })).ok()).toBe(true)
  const profile = (await (await page.request.get('/v1/homeDboard/getUserProfile', { headers: auth })).json()).data
  await page.goto(signInDocument)
  await page.evaluate((stored) => localStorage.setItem('userLoginToken', JSON.stringify(stored)), token)
  return { token: token.access_token, apiKey: profile.client_api_key, apiSecret: profile.client_api_secret, merchantId: profile.merchant_id }
}

/** Links the test user taro to the developer's merchant through the sandbox's account-link QR and consent page. */
async function linkTaro(page: Page, d: Developer): Promise<string> {
  const origin = test.info().project.use.baseURL!
  const body = JSON.stringify({
    scopes: ['direct_debit', 'continuous_payments', 'pending_payments', 'get_balance', 'preauth_capture_native'],
    nonce: 'n0nce1',
    redirectUrl: 'https://shop.example/linked',
    referenceId: 'ref-lab',
  })
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: d.apiKey,
    apiSecret: d.apiSecret,
    method: 'POST',
    path: '/v1/qr/sessions',
    nonce: `n${Date.now()}`,
    epoch: Math.floor(Date.now() / 1000),
    contentType,
    body,
  })
  const created = await page.request.post('/v1/qr/sessions', {
    headers: { authorization, 'content-type': contentType, 'x-assume-merchant': d.merchantId },
    data: body,
  })
  expect(created.status(), await created.text()).toBe(201)
  const wallet = walletBrowser(socketSend(), origin)
  const consent = await wallet.open((await created.json()).data.linkQRCodeURL)
  const taro = testUserChoices(consent.html).get('taro')!
  await wallet.post(formAction(consent.html, '/sign-in'), { testUserId: taro })
  const signedIn = await wallet.open(consent.url)
  const approved = await wallet.post(formAction(signedIn.html, '/approve'))
  const responseToken = new URL(approved.location!).searchParams.get('responseToken')!
  return JSON.parse(Buffer.from(responseToken.split('.')[1]!, 'base64url').toString()).userAuthorizationId
}

const text = {
  ja: { lab: 'ラボで再現する', unknown: '不明なコード', run: '実行', curl: 'curl としてコピー', explain: 'このコードを説明' },
  en: { lab: 'Reproduce in the lab', unknown: 'Unknown code', run: 'Run', curl: 'Copy as curl', explain: 'Explain this code' },
}

for (const lang of ['ja', 'en'] as const) {
  test(`resolver from an SDK-style link, signed out (${lang})`, async ({ page }) => {
    await useLang(page, lang)
    const answer = (await (await page.request.get(`/dev/v1/resolve?code=UNAUTHORIZED&code_id=08100016&lang=${lang === 'ja' ? 'jp' : 'en'}`)).json()).data.entry
    await page.goto('/develop/resolve?api_name=createQRCode&code=UNAUTHORIZED&code_id=08100016')
    expect(new URL(page.url()).pathname).toBe('/develop/resolve')
    await expect(page.getByRole('heading', { name: 'UNAUTHORIZED' })).toBeVisible()
    await expect(page.locator('[data-part=meaning]')).toHaveText(answer.meaning)
    await expect(page.locator('[data-part=cause]')).toHaveText(answer.cause)
    await expect(page.locator('[data-part=fix]')).toHaveText(answer.fix)
    await expect(page.locator('dd code', { hasText: 'createQRCode' })).toBeVisible()
    const lab = page.getByRole('link', { name: text[lang].lab })
    await expect(lab).toHaveAttribute('href', '/develop/paylab-lab?product=qrcode&scenario=model2')
  })
}

test('resolver: an unknown code says so and offers near matches; a pasted response is read', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/develop/resolve?code=UNAUTHORISED')
  await expect(page.getByRole('heading', { name: `${text.en.unknown}: UNAUTHORISED` })).toBeVisible()
  await page.getByRole('link', { name: 'UNAUTHORIZED', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'UNAUTHORIZED' })).toBeVisible()
  await page.getByLabel('Response code', { exact: true }).fill('')
  await page
    .getByLabel('Response text (optional)')
    .fill('{"resultInfo":{"code":"DYNAMIC_QR_NOT_FOUND","message":"Dynamic QR code not found","codeId":"08100007"},"data":null}')
  await page.getByRole('button', { name: 'Explain this code' }).click()
  await expect(page).toHaveURL(/code=DYNAMIC_QR_NOT_FOUND/)
  await expect(page.getByRole('heading', { name: 'DYNAMIC_QR_NOT_FOUND' })).toBeVisible()
})

const resolverForm = {
  ja: {
    code: 'レスポンスコード',
    response: 'レスポンス本文（任意）',
    empty: 'レスポンスコードを入力するか、コードを含むレスポンスを貼り付けてください。',
    unreadable:
      '貼り付けた本文にレスポンスコードが見つかりません。resultInfo.code か resultInfo.codeId（例："code":"UNAUTHORIZED" や 08100016）を含めるか、上の欄にコードを入力してください。',
  },
  en: {
    code: 'Response code',
    response: 'Response text (optional)',
    empty: 'Enter a response code, or paste a response that contains one.',
    unreadable:
      'No response code was found in the pasted text. It needs resultInfo.code or resultInfo.codeId (for example "code":"UNAUTHORIZED" or 08100016); or type the code above.',
  },
}

for (const lang of ['ja', 'en'] as const) {
  test(`resolver form: a full-width code id is read, an empty or unreadable input says so (${lang}, issue 20)`, async ({ page }) => {
    await useLang(page, lang)
    const t = { ...text[lang], ...resolverForm[lang] }
    await page.goto('/develop/resolve')
    await page.getByRole('button', { name: t.explain }).click()
    await expect(page.getByText(t.empty, { exact: true })).toBeVisible()
    await page.getByLabel(t.response).fill('Something went wrong, please retry')
    await page.getByRole('button', { name: t.explain }).click()
    await expect(page.getByText(t.unreadable, { exact: true })).toBeVisible()
    await page.getByLabel(t.response).fill('')
    await page.getByLabel(t.code, { exact: true }).fill('０８１０００１６')
    await page.getByRole('button', { name: t.explain }).click()
    await expect(page).toHaveURL(/code=08100016/)
    await expect(page.getByRole('heading', { name: 'UNAUTHORIZED' })).toBeVisible()
  })
}

test("old lab links open the product's tab", async ({ page }) => {
  await signedInDeveloper(page)
  await page.goto('/develop/qrcode-lab')
  await expect(page).toHaveURL(/\/develop\/paylab-lab\?product=qrcode$/)
  await page.goto('/develop/nativepayment-lab')
  await expect(page).toHaveURL(/\/develop\/paylab-lab\?product=autodebit$/)
  await expect(page.getByRole('tab', { selected: true })).toHaveText(products.find((p) => p.model === 'autodebit')!.nameJp)
  // issue 20: on a phone the seven tabs scroll; the selected last one is brought into the strip's view, and the
  // strip fades at the edge that has more (scroll cue)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/develop/paylab-lab?product=preauth_capture')
  const strip = page.getByRole('tablist', { name: 'プロダクト' })
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(page.getByRole('tab', { selected: true })).toBeInViewport({ ratio: 1 })
  expect(await strip.evaluate((el) => getComputedStyle(el).backgroundAttachment)).toContain('local')
})

/** The WOT scenario of each tab (the group's specific model, spec §4). */
const wotScenario: Record<ProductModel, ScenarioId> = {
  webcashier: 'model2',
  qrcode: 'model2',
  appinvoke: 'model2',
  autodebit: 'model3',
  request_money: 'model3',
  continuous_payments: 'model4',
  preauth_capture: 'model4',
}
const needsUser: ProductModel[] = ['autodebit', 'request_money', 'continuous_payments', 'preauth_capture']

async function runPanel(page: Page, lang: Lang) {
  await page.getByRole('button', { name: text[lang].run, exact: true }).click()
  await expect(page.getByRole('button', { name: text[lang].run, exact: true })).toBeEnabled()
  const call = page.locator('.lab-call[data-purpose=send]').last()
  // issue 20: the answer comes into view after Run
  await expect(call).toBeInViewport()
  return call
}

for (const model of products.map((p) => p.model)) {
  test(`lab tab ${model}: the first endpoint succeeds with my key, the WOT scenario is refused`, async ({ page }) => {
    const lang: Lang = model === 'qrcode' || model === 'autodebit' ? 'en' : 'ja'
    await useLang(page, lang)
    const d = await signedInDeveloper(page)
    const user = needsUser.includes(model) ? await linkTaro(page, d) : ''
    await page.goto(`/develop/paylab-lab?product=${model}`)
    await expect(page.getByRole('tab', { selected: true })).toHaveText(products.find((p) => p.model === model)![lang === 'en' ? 'name' : 'nameJp'])
    await expect(page.locator('.lab-endpoint')).toHaveCount(labEndpointsOf[model].length)
    if (user) await page.locator('.lab-panel input[maxlength="64"]').fill(user)
    const ok = await runPanel(page, lang)
    await expect(ok).toHaveAttribute('data-status', /^20[01]$/)
    await expect(ok.locator('[data-part=response]')).toContainText('"SUCCESS"')
    await page.locator(`input[name=lab-scenario]`).nth(1).check()
    await expect(page.locator('.lab-panel fieldset')).toContainText(wotScenario[model])
    const wot = await runPanel(page, lang)
    await expect(wot).toHaveAttribute('data-status', '401')
    await expect(wot.locator('[data-part=response]')).toContainText('"UNAUTHORIZED"')
    await wot.getByRole('link', { name: text[lang].explain }).click()
    await expect(page).toHaveURL(/\/develop\/resolve\?.*code=UNAUTHORIZED/)
    await expect(page.getByRole('heading', { name: 'UNAUTHORIZED' })).toBeVisible()
  })
}

test('request money: the 0-yen scenario sends amount 0 and shows the published refusal (spec §9)', async ({ page }) => {
  await useLang(page, 'ja')
  const d = await signedInDeveloper(page)
  const user = await linkTaro(page, d)
  await page.goto('/develop/paylab-lab?product=request_money')
  await page.locator('.lab-panel input[maxlength="64"]').fill(user)
  await page.locator('input[name=lab-scenario]').nth(2).check()
  await expect(page.locator('.lab-panel fieldset')).toContainText('0円を請求')
  const zero = await runPanel(page, 'ja')
  await expect(zero).toHaveAttribute('data-status', '400')
  await expect(zero.locator('[data-part=response]')).toContainText('"INVALID_PARAMS"')
  await expect(zero).toContainText('"amount": 0,')
  // the panel signs with a 6-hex-character nonce (spec §7)
  await expect(zero).toContainText(/hmac OPA-Auth:[^:]+:[^:]+:[0-9a-f]{6}:\d+:/)
  await expect(zero).toContainText('DEVELOPER-PANEL-RORD-')
})

/** A signed sandbox call with the developer's key, as a client of their merchant makes it. */
async function sandboxAs(page: Page, d: Developer, method: 'GET' | 'DELETE', path: string) {
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: d.apiKey,
    apiSecret: d.apiSecret,
    method,
    path,
    nonce: `n${Date.now()}${Math.random()}`,
    epoch: Math.floor(Date.now() / 1000),
    contentType: null,
    body: null,
  })
  return page.request.fetch(path, { method, headers: { authorization, 'x-assume-merchant': d.merchantId } })
}

test('link a test user in the lab through the consent page: auto debit and request money run with no pasted id, remembered, unlinked', async ({ page }) => {
  await useLang(page, 'en')
  const d = await signedInDeveloper(page)
  await page.goto('/develop/paylab-lab?product=autodebit')
  const link = page.locator('.lab-link')
  await expect(link).toHaveAttribute('data-linked', 'false')
  await link.getByLabel('Test user to link').selectOption({ label: 'hanako' })
  await link.getByRole('button', { name: 'Link a test user' }).click()

  // the wallet's consent page of the developer's own merchant, in a dialog, already signed in as hanako
  const dialog = page.getByRole('dialog', { name: 'Wallet consent page' })
  await expect(dialog).toContainText('hanako')
  await dialog.frameLocator('iframe').getByRole('button', { name: 'Agree and continue' }).click()
  await expect(dialog).toBeHidden()
  await expect(link.locator('[data-part=username]')).toHaveText('hanako')
  await expect(link.locator('[data-part=phone]')).toHaveText(/^\*+\d{4}$/)
  const id = (await link.locator('[data-part=authorization]').textContent())!
  const field = page.getByLabel('User authorization id')
  await expect(field).toHaveValue(id)

  // the sandbox knows the authorization as the developer's merchant's, for hanako
  const status = await sandboxAs(page, d, 'GET', `/v2/user/authorizations?userAuthorizationId=${encodeURIComponent(id)}`)
  expect(status.status(), await status.text()).toBe(200)

  const paid = await runPanel(page, 'en')
  await expect(paid).toHaveAttribute('data-status', '201')
  await expect(paid.locator('[data-part=response]')).toContainText('"COMPLETED"')
  await expect(paid.locator('details pre').first()).toContainText(`"userAuthorizationId": "${id}"`)

  // remembered for this merchant across a reload, and shared by the other tabs that name a payer
  await page.reload()
  await expect(link.locator('[data-part=authorization]')).toHaveText(id)
  await page.getByRole('tab', { name: products.find((p) => p.model === 'request_money')!.name }).click()
  await expect(page.getByLabel('User authorization id')).toHaveValue(id)
  const order = await runPanel(page, 'en')
  await expect(order).toHaveAttribute('data-status', /^20[01]$/)
  await expect(order.locator('[data-part=response]')).toContainText('"SUCCESS"')

  // Unlink revokes it in the sandbox and forgets it
  await page.locator('.lab-link').getByRole('button', { name: 'Unlink' }).click()
  await expect(page.locator('.lab-link')).toHaveAttribute('data-linked', 'false')
  await expect(page.getByLabel('User authorization id')).toHaveValue('')
  const gone = await sandboxAs(page, d, 'GET', `/v2/user/authorizations?userAuthorizationId=${encodeURIComponent(id)}`)
  expect((await gone.json()).resultInfo.code).toBe('INVALID_USER_AUTHORIZATION_ID')
  await page.reload()
  await expect(page.locator('.lab-link')).toHaveAttribute('data-linked', 'false')
})

test('link a test user: Cancel on the consent page and a sandbox that does not answer say so, and the panel stays usable (ja)', async ({ page }) => {
  await useLang(page, 'ja')
  await signedInDeveloper(page)
  await page.goto('/develop/paylab-lab?product=continuous_payments')
  const link = page.locator('.lab-link')
  await link.getByRole('button', { name: 'テストユーザーを連携' }).click()
  const dialog = page.getByRole('dialog', { name: 'ウォレットの同意画面' })
  await dialog.frameLocator('iframe').getByRole('button', { name: 'キャンセル' }).click()
  await expect(dialog).toBeHidden()
  await expect(link.getByRole('alert')).toHaveText(/テストユーザーが同意画面でキャンセルしたため、連携されませんでした。/)
  await expect(link).toHaveAttribute('data-linked', 'false')

  await page.route('**/v1/qr/sessions', (route) => route.abort('internetdisconnected'))
  await link.getByRole('button', { name: 'テストユーザーを連携' }).click()
  await expect(link.getByRole('alert')).toHaveText(/サンドボックスから応答がありません。/)
  await link.getByRole('button', { name: 'メッセージを閉じる' }).click()
  await expect(link.getByRole('alert')).toHaveCount(0)
  await expect(link.getByRole('button', { name: 'テストユーザーを連携' })).toBeEnabled()
  // still usable: Run sends the placeholder id and shows the sandbox's answer
  const refused = await runPanel(page, 'ja')
  await expect(refused).toHaveAttribute('data-status', /^4\d\d$/)
})

test('pre-auth: reading a payment the item lacks first makes a DEVELOPER-PANEL-PSTPP- order (spec §9)', async ({ page }) => {
  await useLang(page, 'en')
  const d = await signedInDeveloper(page)
  const user = await linkTaro(page, d)
  await page.goto('/develop/paylab-lab?product=preauth_capture&endpoint=getPayments')
  await page.locator('.lab-panel input[maxlength="64"]').fill(user)
  const read = await runPanel(page, 'en')
  const created = page.locator('.lab-call[data-purpose=create]').last()
  await expect(created).toHaveAttribute('data-status', '201')
  await expect(created).toContainText('"merchantPaymentId": "DEVELOPER-PANEL-PSTPP-')
  await expect(read).toHaveAttribute('data-status', '200')
  await expect(read).toContainText('/v2/getPayments/DEVELOPER-PANEL-PSTPP-')
})

test('copy as curl: the copied command runs against the server and gets the same answer', async ({ page }) => {
  await useLang(page, 'en')
  await signedInDeveloper(page)
  await page.goto('/develop/paylab-lab?product=qrcode&endpoint=getCodesPayment')
  // the code does not exist yet: the panel creates it first, then reads it
  const read = await runPanel(page, 'en')
  await expect(page.locator('.lab-call[data-purpose=create]')).toHaveAttribute('data-status', '201')
  await expect(read).toHaveAttribute('data-status', '200')
  await read.getByRole('button', { name: text.en.curl }).click()
  const curl = await read.locator('[data-part=curl]').textContent()
  expect(curl).toMatch(/^curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/v2\/getCodesPayment\/DEVELOPER-PANEL-DEMO-/)
  const { stdout } = await run('sh', ['-c', `${curl} -w '\\n%{http_code}'`])
  const lines = stdout.trim().split('\n')
  expect(lines.at(-1)).toBe('200')
  expect(JSON.parse(lines.slice(0, -1).join('\n')).resultInfo.code).toBe('SUCCESS')
})
