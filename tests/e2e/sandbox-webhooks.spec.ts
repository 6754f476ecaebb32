import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { test, expect } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { jpy, opaClient } from '../support/opa-client.ts'

/**
 * Webhooks on localhost (issue 14 item 4): the sandbox does not post to this machine itself; `npm run
 * sandbox:forward` pulls the merchant's deliveries and posts them to a local receiver (the Node.js sample, which
 * verifies the signature); the delivery log on the sandbox tools page shows the forwarded attempt, and a resend
 * goes the same way.
 */

/** Starts a child process and collects its stdout lines; `line(re)` waits for a matching one. */
function child(command: string, args: string[], env: Record<string, string>) {
  const proc: ChildProcess = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  const waiters: { re: RegExp; resolve: (m: RegExpExecArray) => void }[] = []
  const onLine = (line: string) => {
    lines.push(line)
    for (const w of [...waiters]) {
      const m = w.re.exec(line)
      if (m) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    }
  }
  createInterface({ input: proc.stdout! }).on('line', onLine)
  createInterface({ input: proc.stderr! }).on('line', onLine)
  return {
    lines,
    line: (re: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const seen = lines.map((l) => re.exec(l)).find(Boolean)
        if (seen) resolve(seen)
        else waiters.push({ re, resolve })
      }),
    stop: () => proc.kill(),
  }
}

test('a webhook reaches a local server through sandbox:forward, verified, and the delivery log shows it', async ({ page, baseURL }) => {
  // two processes of its own (the receiver, and the forwarder through tsx)
  test.setTimeout(120_000)
  const token = await signInThroughApi(page, 'sandbox-hooks')
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  await page.evaluate(() => localStorage.setItem('lang', 'en'))
  const profile = await (await page.request.get('/v1/homeDboard/getUserProfile', { headers: { authorization: `Bearer ${token.access_token}` } })).json()
  const keys = {
    apiKey: profile.data.client_api_key as string,
    apiSecret: profile.data.client_api_secret as string,
    merchantId: profile.data.merchant_id as string,
  }
  const shop = opaClient({ request: (path, init) => fetch(new URL(path, baseURL), init), ...keys })

  const secret = (await shop.get('/sandbox/api/webhooks')).body.data.signingSecret as string
  const receiver = child('node', ['samples/webhooks/receiver.mjs'], { PORT: '0', PAYLAB_WEBHOOK_SECRET: secret })
  const forwarder: { stop(): void }[] = []
  try {
    const port = (await receiver.line(/^listening (\d+)$/))[1]
    const local = `http://localhost:${port}/webhook`
    expect((await shop.put('/sandbox/api/webhooks', { url: local })).status).toBe(200)

    // a payer pays a code of this merchant on the wallet's cashier page (in Japanese, the wallet's default)
    const merchantPaymentId = `E2E-HOOK-${Date.now()}`
    const code = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(700), codeType: 'ORDER_QR', orderDescription: 'Cheesecake' })
    expect(code.status).toBe(201)
    await page.goto(new URL(code.body.data.url as string).pathname)
    await page.getByRole('radio', { name: /taro/ }).check()
    await page.getByRole('button', { name: 'ログイン' }).click()
    await page.getByRole('button', { name: '支払う ￥700' }).click()
    await expect(page.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible()

    // the sandbox keeps it for the forwarder; the log says so
    await page.goto('/dashboard/sandbox')
    const entry = page.getByTestId('webhook-entry').first()
    await expect(entry.locator('summary')).toContainText(`COMPLETED ${merchantPaymentId}`)
    await expect(entry.locator('summary')).toContainText('Pending')
    await expect(page.getByTestId('webhook-url')).toContainText(local)

    const forward = child(
      'npx',
      [
        'tsx',
        'scripts/sandbox-forward.ts',
        local,
        '--sandbox',
        baseURL!,
        '--key',
        keys.apiKey,
        '--secret',
        keys.apiSecret,
        '--merchant',
        keys.merchantId,
        '--interval',
        '300',
      ],
      {},
    )
    forwarder.push(forward)
    const verified = await receiver.line(/^verified COMPLETED (\d+) (wh_\w+)$/)
    // the forwarder (paylab listen) names each delivery it posted and the answer, in Japanese by default
    await forward.line(new RegExp(`^COMPLETED ${verified[2]} → .*[:：] ?200$`))

    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(entry.locator('summary')).toContainText('Delivered')
    await entry.locator('summary').click()
    await expect(entry.getByTestId('webhook-attempt')).toHaveCount(1)
    await expect(entry.getByTestId('webhook-attempt').first()).toContainText('200')
    await expect(entry.getByTestId('webhook-attempt').first()).toContainText('via the forwarder')
    await expect(entry.locator('pre').first()).toContainText(`"merchant_order_id": "${merchantPaymentId}"`)

    // resend: the forwarder delivers it again
    await entry.getByRole('button', { name: 'Resend' }).click()
    await expect(entry.getByRole('status')).toContainText('Queued again')
    await expect.poll(() => receiver.lines.filter((l) => l.endsWith(verified[2]!)).length).toBe(2)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(entry.getByTestId('webhook-attempt')).toHaveCount(2)

    // chaos on the next webhook (issue 23): asked on this page, the next payment's webhook arrives twice, same id
    const chaos = page.getByTestId('webhook-chaos')
    await chaos.getByRole('radio', { name: 'Deliver it twice (same delivery id)' }).check()
    await chaos.getByRole('button', { name: 'Apply to the next webhook' }).click()
    await expect(page.getByTestId('webhook-chaos-status')).toHaveText('Waiting for the next webhook: Deliver it twice (same delivery id).')
    const next = await shop.post('/v2/codes', { merchantPaymentId: `${merchantPaymentId}-2`, amount: jpy(300), codeType: 'ORDER_QR' })
    // taro is still signed in to the wallet
    await page.goto(new URL(next.body.data.url as string).pathname)
    await page.getByRole('button', { name: '支払う ￥300' }).click()
    const twice = await receiver.line(new RegExp(`^verified COMPLETED (\\d+) (?!${verified[2]}$)(wh_\\w+)$`))
    await expect.poll(() => receiver.lines.filter((l) => l.endsWith(twice[2]!)).length).toBe(2)
    expect(receiver.lines.filter((l) => l.startsWith('rejected'))).toEqual([])
  } finally {
    for (const f of forwarder) f.stop()
    receiver.stop()
  }
})
