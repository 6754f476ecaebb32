import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { profileIdentifierOf, type LabLinkFailure } from '@/domain/lab-link.ts'
import { labLinkActors, type LabLinkEnv } from './link-api.ts'

/**
 * Reading the consent page's answer (docs/dashboard.md "Linking a test user"): the response token the sandbox signs
 * (HS256 with the base64-decoded secret, issuer paylab-sandbox, audience the key — server/modules/sandbox/engine/authorizations.ts) links only when it is
 * this merchant's, of this attempt, and agreed; the linked user is named from the merchant's test users.
 */
const secret = Buffer.from('lab-link-test-secret-32-bytes-long!!').toString('base64')
const env: LabLinkEnv = {
  credentials: { apiKey: 'a_lab_key', apiSecret: secret, merchantId: 'm-1', accessToken: 't' },
  lang: 'en',
  testUsers: [
    { testUserId: 'tu_taro01', username: 'taro' },
    { testUserId: 'tu_hanako02', username: 'hanako' },
  ],
}

async function token(claims: Record<string, unknown>, options: { key?: string; audience?: string; issuer?: string; expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ referenceId: 'DEVELOPER-PANEL-LINK-1', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer ?? 'paylab-sandbox')
    .setAudience(options.audience ?? 'a_lab_key')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 1800))
    .sign(new Uint8Array(Buffer.from(options.key ?? secret, 'base64')))
}

const read = (responseToken: string, nonce = 'nonce-1') =>
  toPromise(createActor(labLinkActors(() => env).readToken, { input: { responseToken, nonce } }).start())
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: LabLinkFailure) => error.alert,
  )
const agreed = { result: 'succeeded', nonce: 'nonce-1', userAuthorizationId: 'ua-1', profileIdentifier: profileIdentifierOf('tu_hanako02') }

describe('reading the response token', () => {
  it('an agreed token of this merchant and attempt links, naming the test user and the masked phone', async () => {
    expect(await read(await token(agreed))).toEqual({ userAuthorizationId: 'ua-1', phoneNumber: profileIdentifierOf('tu_hanako02'), username: 'hanako' })
  })
  it('a user no longer listed is linked without a name', async () => {
    expect(await read(await token({ ...agreed, profileIdentifier: '*******0000' }))).toMatchObject({ userAuthorizationId: 'ua-1', username: null })
  })
  it('Cancel on the consent page is a declined token', async () => {
    expect(await failure(read(await token({ result: 'declined', nonce: 'nonce-1' })))).toBe('CONSENT_DECLINED')
  })
  it('refuses a token of another attempt, another key, another secret, expired, or not a token at all', async () => {
    expect(await failure(read(await token(agreed), 'nonce-2'))).toBe('TOKEN_INVALID')
    expect(await failure(read(await token(agreed, { audience: 'a_other_key' })))).toBe('TOKEN_INVALID')
    expect(await failure(read(await token(agreed, { key: Buffer.from('another-secret').toString('base64') })))).toBe('TOKEN_INVALID')
    expect(await failure(read(await token(agreed, { issuer: 'someone-else' })))).toBe('TOKEN_INVALID')
    expect(await failure(read(await token(agreed, { expiresIn: -60 })))).toBe('TOKEN_INVALID')
    expect(await failure(read('not.a.token'))).toBe('TOKEN_INVALID')
    expect(await failure(read(await token({ result: 'succeeded', nonce: 'nonce-1' })))).toBe('TOKEN_INVALID')
  })
})

describe('the masked phone of a test user', () => {
  it("is the sandbox's profile identifier: seven stars and four digits, stable per user", () => {
    expect(profileIdentifierOf('tu_hanako02')).toMatch(/^\*{7}\d{4}$/)
    expect(profileIdentifierOf('tu_hanako02')).toBe(profileIdentifierOf('tu_hanako02'))
    expect(profileIdentifierOf('tu_taro01')).not.toBe(profileIdentifierOf('tu_hanako02'))
  })
})
