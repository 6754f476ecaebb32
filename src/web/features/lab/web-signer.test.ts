import { describe, expect, it } from 'vitest'
import { signOpaRequest } from '@/domain/opa-auth.ts'
import { createHash, createHmac } from 'node:crypto'
import { md5Base64, signOpaRequestInBrowser } from './web-signer.ts'

/** The reference: node:crypto's MD5 and HMAC-SHA256 (what the sandbox verifies with). */
const nodeOpaCrypto = {
  md5Base64: (parts: string[]) => createHash('md5').update(parts.join(''), 'utf8').digest('base64'),
  hmacSha256Base64: (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('base64'),
}

describe('OPA-Auth signed in the browser', () => {
  it('MD5 matches node:crypto on empty, ASCII, multi-byte and multi-block input', () => {
    for (const text of ['', 'abc', 'application/json{"amount":1}', 'ケーキ🍰'.repeat(40), 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64)])
      expect(md5Base64([text])).toBe(nodeOpaCrypto.md5Base64([text]))
  })
  it("gives the same header as the server's signer, with and without a body", async () => {
    const base = { apiKey: 'a_key', apiSecret: 'c2VjcmV0', nonce: 'n0nce', epoch: 1_800_000_000 }
    for (const input of [
      { ...base, method: 'GET', path: '/v2/getPayments/DEVELOPER-PANEL-PAY-1?x=1' },
      {
        ...base,
        method: 'POST',
        path: '/v2/postCodes',
        contentType: 'application/json',
        body: '{"merchantPaymentId":"DEVELOPER-PANEL-DEMO-1","amount":{"amount":1000,"currency":"JPY"}}',
      },
    ])
      expect(await signOpaRequestInBrowser(input)).toBe(signOpaRequest(nodeOpaCrypto, input))
  })
})
