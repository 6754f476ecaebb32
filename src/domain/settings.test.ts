import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isRedirectAllowed, isWebhookUrl, redirectDomainsSchema, webhookUrlSchema } from './settings.ts'

describe('merchant settings rules', () => {
  it('webhooks: https anywhere, http only on this machine, no credentials in the URL', () => {
    expect(isWebhookUrl('https://shop.example/hook')).toBe(true)
    expect(isWebhookUrl('http://localhost:8080/hook')).toBe(true)
    expect(isWebhookUrl('http://127.0.0.1/hook')).toBe(true)
    for (const bad of ['http://shop.example/hook', 'ftp://shop.example', 'https://user:pw@shop.example', 'shop.example', ''])
      expect(isWebhookUrl(bad), bad).toBe(false)
  })

  it('redirect domains are host names, normalised and deduplicated', () => {
    expect(v.parse(redirectDomainsSchema, [' Shop.Example ', 'shop.example', 'localhost'])).toEqual(['shop.example', 'localhost'])
    for (const bad of [['https://shop.example'], ['shop.example:443'], ['*.shop.example'], ['10.0.0.1'], ['a..b'], ['-a.example']]) {
      expect(v.safeParse(redirectDomainsSchema, bad).success, bad[0]).toBe(false)
    }
  })

  it('a full-width webhook URL or domain is read as the ASCII one (issue 20)', () => {
    expect(v.parse(webhookUrlSchema, 'ｈｔｔｐｓ：／／ｓｈｏｐ．ｅｘａｍｐｌｅ／ｈｏｏｋ　')).toBe('https://shop.example/hook')
    expect(v.parse(redirectDomainsSchema, ['ｓｈｏｐ．ｅｘａｍｐｌｅ', 'ＳＨＯＰ．ＥＸＡＭＰＬＥ'])).toEqual(['shop.example'])
  })

  it('a WEB_LINK redirect is HTTPS on a listed domain or its sub-domain; an empty list allows any HTTPS host', () => {
    expect(isRedirectAllowed('https://any.example/x', [])).toBe(true)
    expect(isRedirectAllowed('http://localhost:3000/x', [])).toBe(true)
    expect(isRedirectAllowed('http://any.example/x', [])).toBe(false)
    expect(isRedirectAllowed('https://pay.shop.example/x', ['shop.example'])).toBe(true)
    expect(isRedirectAllowed('https://myshop.example/x', ['shop.example'])).toBe(false)
    expect(isRedirectAllowed('http://localhost/x', ['shop.example'])).toBe(false)
    expect(isRedirectAllowed('http://localhost/x', ['localhost'])).toBe(true)
    expect(isRedirectAllowed('not a url', [])).toBe(false)
  })
})
