import { randomBytes, randomUUID } from 'node:crypto'

/** Provider-looking ids: payment ids are 20 digits, code ids `04-` + 16 characters. */
/**
 * `n` random bytes, cut from a pool refilled 4 KB at a time (issue 22: one `randomBytes` call per id was 2 % of a
 * create-code's server CPU; the request log's ids draw on it too). Read at once by the caller: the next call may hand out the same memory refilled.
 */
let randomPool = Buffer.alloc(0)
let randomAt = 0
export function pooledRandomBytes(n: number) {
  if (randomAt + n > randomPool.length) {
    randomPool = randomBytes(4096)
    randomAt = 0
  }
  randomAt += n
  return randomPool.subarray(randomAt - n, randomAt)
}
export const newPaymentId = () => {
  let id = ''
  for (const b of pooledRandomBytes(20)) id += b % 10
  return id[0] === '0' ? `1${id.slice(1)}` : id
}
export const newCodeId = () => `04-${pooledRandomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`
export const newTestUserId = () => `tu_${randomBytes(9).toString('base64url')}`
export const newUserAuthorizationId = () => randomUUID()
export const newSessionId = () => randomBytes(18).toString('base64url')
