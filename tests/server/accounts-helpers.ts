import { randomUUID } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { expect } from 'vitest'
import type { TestApp } from '../support/app.ts'

/** Helpers shared by the accounts-*.test.ts suites (not a test file itself). */

export const goodPassword = 'Secr3t-pass'
export const newDevice = () => `pp4d-${randomUUID()}`
export const deviceHeader = (device: string) => ({ 'X-DEVICE-ID': device })
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

let counter = 0
export const uniqueEmail = (tag = 'dev') => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`

/** The newest outbox mail to an address, through the public mailbox JSON. */
export async function latestMail(t: TestApp, to: string) {
  const res = await t.json('GET', `/sandbox/mailbox.json?to=${encodeURIComponent(to)}`)
  expect(res.status).toBe(200)
  return res.body.data.mails[0] as { subject: string; text: string; html: string; otp: string | null; link: string | null } | undefined
}

export async function mailCount(t: TestApp, to: string) {
  const res = await t.json('GET', `/sandbox/mailbox.json?to=${encodeURIComponent(to)}`)
  return (res.body.data.mails as unknown[]).length
}

/** Sign-up steps 1–2: account, OTP from the outbox, token. */
export async function signUp(t: TestApp, email = uniqueEmail(), device = newDevice()) {
  const created = await t.json('POST', '/v1/dpSignup/createAccount', { email, password: goodPassword }, deviceHeader(device))
  expect(created.status).toBe(200)
  const ref: string = created.body.data.otp_reference_id
  const otp = (await latestMail(t, email))!.otp!
  const validated = await t.json('POST', '/v1/dpSignup/validateOtp', { otp_reference_id: ref, otp, email }, deviceHeader(device))
  expect(validated.body.resultInfo.code).toBe('SUCCESS')
  return { email, device, token: validated.body.data.token.access_token as string, ref }
}

/** Full sign-up: account, OTP, products (default logo). */
export async function signUpComplete(t: TestApp, email = uniqueEmail(), device = newDevice()) {
  const s = await signUp(t, email, device)
  const res = await t.json('POST', '/v1/dpSignup/signupProduct', { merchantName: 'Cake Shop', logoDMSId: 'default', email, products: [1, 3] }, bearer(s.token))
  expect(res.body.resultInfo.code).toBe('SUCCESS')
  return { ...s, merchantId: res.body.data.merchant_id as string }
}

export async function multipart(
  t: TestApp,
  path: string,
  token: string | undefined,
  file?: { bytes: Uint8Array; name: string; type: string },
  field = 'merchantLogoFile',
) {
  const form = new FormData()
  if (file) form.append(field, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name)
  const res = await t.app.request(path, { method: 'POST', body: form, headers: token ? bearer(token) : {} })
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text) }
}

// ── images built in the test: a real (decodable) PNG and a JPEG header with its frame size ─────────────────

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer) {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A red RGB PNG; `noise` makes the pixels incompressible, `padBytes` adds a metadata chunk to make the file big. */
export function png(width: number, height: number, noise = false, padBytes = 0): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const row = width * 3 + 1
  const raw = Buffer.alloc(row * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * row + 1 + x * 3
      raw[i] = noise ? Math.floor(Math.random() * 256) : 220
      raw[i + 1] = noise ? Math.floor(Math.random() * 256) : 30
      raw[i + 2] = noise ? Math.floor(Math.random() * 256) : 40
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(padBytes > 0 ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padBytes, 0x61)]))] : []),
    chunk('IDAT', deflateSync(raw, { level: noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function jpeg(width: number, height: number): Uint8Array {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])])
}

export const gif = () =>
  Buffer.from(
    'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
    'latin1',
  )
