import { md5 } from '@noble/hashes/legacy.js'
import { bodyDigest, formatOpaAuthHeader, macMessage, type OpaSignInput } from '@/domain/opa-auth.ts'

/**
 * OPA-Auth in the browser (domain/opa-auth.ts owns the format): the body hash with `@noble/hashes`' MD5 (Web Crypto has none), the MAC with Web
 * Crypto's HMAC-SHA256. Async because Web Crypto is; the lab's test panel signs its demo calls with it.
 */
const utf8 = new TextEncoder()
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

export const md5Base64 = (parts: string[]) => base64(md5(utf8.encode(parts.join(''))))

export async function hmacSha256Base64(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', utf8.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return base64(new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, utf8.encode(message))))
}

export async function signOpaRequestInBrowser(input: OpaSignInput): Promise<string> {
  const epoch = String(input.epoch)
  const { contentType, hash } = bodyDigest({ md5Base64, hmacSha256Base64: () => '' }, input.contentType, input.body)
  const mac = await hmacSha256Base64(input.apiSecret, macMessage({ path: input.path, method: input.method, nonce: input.nonce, epoch, contentType, hash }))
  return formatOpaAuthHeader({ apiKey: input.apiKey, mac, nonce: input.nonce, epoch, hash })
}
