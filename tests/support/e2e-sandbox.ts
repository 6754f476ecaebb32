import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { signOpaRequest } from '../../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { test } from './hydrated-test.ts'

/** Helpers of the sandbox tools specs (issue 14): the signed-in developer's keys, signed calls, the page language. */

export interface Keys {
  apiKey: string
  apiSecret: string
  merchantId: string
}

export async function keysOf(request: APIRequestContext, token: string): Promise<Keys> {
  const profile = await (await request.get('/v1/homeDboard/getUserProfile', { headers: { authorization: `Bearer ${token}` } })).json()
  return { apiKey: profile.data.client_api_key, apiSecret: profile.data.client_api_secret, merchantId: profile.data.merchant_id }
}

/** A signed sandbox call made the way a merchant's server makes it. */
export async function signed(
  request: APIRequestContext,
  keys: Keys,
  method: string,
  path: string,
  body?: unknown,
  extra: { headers?: Record<string, string>; apiSecret?: string } = {},
) {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: keys.apiKey,
    apiSecret: extra.apiSecret ?? keys.apiSecret,
    method,
    path,
    nonce: randomBytes(6).toString('hex'),
    epoch: Math.floor(Date.now() / 1000),
    contentType: text === undefined ? undefined : contentType,
    body: text,
  })
  return request.fetch(path, {
    method,
    headers: { authorization, 'x-assume-merchant': keys.merchantId, ...(text === undefined ? {} : { 'content-type': contentType }), ...extra.headers },
    data: text,
  })
}

export async function setLang(page: Page, lang: 'ja' | 'en') {
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.evaluate((stored) => localStorage.setItem('lang', stored), lang === 'ja' ? 'jp' : 'en')
}
