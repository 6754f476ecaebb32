import { describe, expect, it } from 'vitest'
import { curlOf } from './demo-call.ts'

describe('copy as curl', () => {
  it('quotes every part for a POSIX shell, including single quotes in the body', () => {
    const curl = curlOf({
      method: 'POST',
      url: 'http://127.0.0.1:4440/v2/postCodes',
      headers: { Authorization: 'hmac OPA-Auth:a_key:mac:nonce:1800000000:hash', 'Content-Type': 'application/json' },
      bodyText: `{"orderDescription":"Taro's cake"}`,
    })
    expect(curl).toBe(
      [
        `curl -sS -X POST 'http://127.0.0.1:4440/v2/postCodes'`,
        `  -H 'Authorization: hmac OPA-Auth:a_key:mac:nonce:1800000000:hash'`,
        `  -H 'Content-Type: application/json'`,
        `  --data-raw '{"orderDescription":"Taro'\\''s cake"}'`,
      ].join(' \\\n'),
    )
  })
})

describe('a test-panel call signed in the browser', () => {
  it('carries a 6-hex-character nonce in its OPA-Auth header (spec §7)', async () => {
    const { signDemoRequest } = await import('./demo-call.ts')
    const credentials = { apiKey: 'a_key', apiSecret: 'a_secret', merchantId: 'm1', accessToken: 'at' }
    const signed = await signDemoRequest({ method: 'POST', path: '/v2/codes' }, '{"amount":1}', 'WIT', credentials, 'http://127.0.0.1:4440')
    const [, , nonce, epoch] = signed.headers.Authorization!.slice('hmac OPA-Auth:'.length).split(':')
    expect(signed.headers.Authorization!.startsWith('hmac OPA-Auth:a_key:')).toBe(true)
    expect(nonce).toMatch(/^[0-9a-f]{6}$/)
    expect(epoch).toMatch(/^\d+$/)
  })
})
