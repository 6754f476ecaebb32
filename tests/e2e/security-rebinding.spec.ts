import { expect, test } from '@playwright/test'
import { chromiumArgs } from '../../playwright.config.ts'
import { browserTestChromium } from '../../scripts/lib/find-chromium.ts'

/**
 * Issue 33, DNS rebinding in Chromium. `--host-resolver-rules` makes attacker.example resolve to 127.0.0.1, as a
 * rebinding attacker's DNS does after the first load. The first load itself (the attacker's page, served by the
 * attacker's own server before the switch) is played by Playwright; every request its script makes afterwards goes
 * to the test server as `Host: attacker.example:<port>` — and gets 421, nothing else.
 */

const port = Number(process.env.E2E_PORT ?? 4319)
const attacker = `http://attacker.example:${port}`

test.use({
  launchOptions: {
    executablePath: browserTestChromium(),
    // Chromium's Local Network Access checks would stop a public page's fetches of a loopback address on their own;
    // they are off here so that what is tested is the server's answer (older browsers, other engines, and a page
    // that got a local document do not have them)
    args: [
      ...chromiumArgs,
      '--host-resolver-rules=MAP attacker.example 127.0.0.1',
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  },
})

test('a page at a rebound name gets nothing from the loopback server', async ({ page, request }) => {
  // opened directly, the rebound name is refused: the portal is not served under it
  const direct = await page.goto(`${attacker}/`)
  expect(direct!.status()).toBe(421)
  expect(await page.locator('body').textContent()).toContain('UNKNOWN_HOST')

  // the attacker's page, as its own server sent it before the name was pointed at 127.0.0.1
  await page.route(`${attacker}/rebind`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>cats</title><p>cats</p>' }))
  await page.goto(`${attacker}/rebind`)
  const answers = await page.evaluate(async () => {
    const steps: Array<[string, RequestInit?]> = [
      ['/sandbox/mailbox.json'],
      ['/v1/dpSignIn/passwordReset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"victim@example.com"}' }],
      [
        '/mcp',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer k:s' },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        },
      ],
      ['/dev/config'],
      ['/'],
    ]
    const out: Array<[string, number, string]> = []
    for (const [path, init] of steps) {
      const res = await fetch(path, init)
      const text = await res.text()
      out.push([path, res.status, text.includes('"UNKNOWN_HOST"') ? 'UNKNOWN_HOST' : text.slice(0, 80)])
    }
    return out
  })
  expect(answers).toEqual([
    ['/sandbox/mailbox.json', 421, 'UNKNOWN_HOST'],
    ['/v1/dpSignIn/passwordReset', 421, 'UNKNOWN_HOST'],
    ['/mcp', 421, 'UNKNOWN_HOST'],
    ['/dev/config', 421, 'UNKNOWN_HOST'],
    ['/', 421, 'UNKNOWN_HOST'],
  ])

  // the same server answers its own name (the test's baseURL, 127.0.0.1)
  expect((await request.get('/sandbox/mailbox.json')).status()).toBe(200)
})
