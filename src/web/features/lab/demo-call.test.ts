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
