import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'
import { limits } from '@/domain/limits.ts'

/** scrypt cost: N=2^14, r=8, p=1 (about 16 MiB and a few tens of ms per hash), 64-byte key, 16-byte salt. */
const N = 16_384
const r = 8
const p = 1
const keyLength = 64

function scryptAsync(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r: rr, p: pp, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash` with a fresh per-user salt. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await scryptAsync(password, salt, N, r, p)
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, rr, pp] = parts.slice(1, 4).map(Number) as [number, number, number]
  const salt = Buffer.from(parts[4]!, 'base64')
  const expected = Buffer.from(parts[5]!, 'base64')
  if (!n || !rr || !pp || expected.length !== keyLength) return false
  const actual = await scryptAsync(password, salt, n, rr, pp)
  return timingSafeEqual(actual, expected)
}

/** A hash to compare against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing', Buffer.alloc(16, 7))
  return dummyHash.then((hash) => verifyPassword(password, hash))
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Compares two strings in constant time (for equal lengths; length itself is not secret here). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** A uniformly random numeric OTP of spec §9's length (4 digits). */
export const newOtp = () => String(randomInt(0, 10 ** limits.otpLength)).padStart(limits.otpLength, '0')

/** OTP codes are hashed with their reference so the same 4 digits never give the same stored value. */
export const otpHash = (referenceId: string, otp: string) => sha256(`${referenceId}:${otp}`)
