import { createHash, randomBytes, randomUUID } from 'node:crypto'

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

/*
 * SANDBOX_SEED (issue 33; docs/sandbox-state.md "Golden files"): every id the sandbox makes comes from a seeded
 * generator instead of the random pool, so the same seed and the same requests give the same ids in every process.
 * One stream per kind of id (payments, codes, request ids …): work that runs beside the requests (the request log's
 * writer) draws from its own stream and never shifts the others. A draw is SHA-256 of the seed, the run, the stream
 * and its position: ids stay as unguessable as the seed is secret, and two streams never meet. `run` counts the
 * seeded starts over one store (0 on a fresh one), so a restart over the same data never makes an id twice.
 * Unset (the default): nothing here runs and ids come from the random pool as before.
 */
interface Seeding {
  seed: string
  run: number
  positions: Map<string, number>
}
let seeding: Seeding | undefined

/** Turns seeded ids on (`seed`) or off (undefined) for this process. Called once at start; tests turn it off again. */
export function seedSandboxIds(seed: string | undefined, run = 0) {
  seeding = seed === undefined ? undefined : { seed, run, positions: new Map() }
}
export const sandboxIdsSeeded = () => seeding !== undefined

function seededBytes(s: Seeding, stream: string, n: number): Buffer {
  const position = s.positions.get(stream) ?? 0
  s.positions.set(stream, position + 1)
  const blocks: Buffer[] = []
  for (let block = 0; blocks.length * 32 < n; block++)
    blocks.push(createHash('sha256').update(`${s.seed}\u0000${s.run}\u0000${stream}\u0000${position}\u0000${block}`).digest())
  return Buffer.concat(blocks).subarray(0, n)
}

/** `n` bytes of an id of kind `stream`: seeded under SANDBOX_SEED, else random (the pool). */
export const idBytes = (stream: string, n: number) => (seeding ? seededBytes(seeding, stream, n) : pooledRandomBytes(n))
/** `n` random bytes where the id is not on a hot path (crypto's `randomBytes` as before), seeded under SANDBOX_SEED. */
export const idRandomBytes = (stream: string, n: number) => (seeding ? seededBytes(seeding, stream, n) : randomBytes(n))

function uuidOf(bytes: Buffer) {
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
/** A version-4 UUID: crypto's under no seed. */
export const newUuid = (stream: string) => (seeding ? uuidOf(seededBytes(seeding, stream, 16)) : randomUUID())

/**
 * The 10 hex digits after the time of a time-ordered id (`wh_…`, `rq_…`): random, or under SANDBOX_SEED the run and
 * the stream's position, so that ids made at one frozen instant still sort in the order they were made.
 */
export function orderedIdSuffix(stream: string) {
  if (!seeding) return pooledRandomBytes(5).toString('hex')
  const position = seeding.positions.get(stream) ?? 0
  seeding.positions.set(stream, position + 1)
  return (seeding.run * 2 ** 32 + position).toString(16).padStart(10, '0')
}

export const newPaymentId = () => {
  let id = ''
  for (const b of idBytes('payment', 20)) id += b % 10
  return id[0] === '0' ? `1${id.slice(1)}` : id
}
export const newCodeId = () => `04-${idBytes('code', 12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`
export const newTestUserId = () => `tu_${idRandomBytes('test-user', 9).toString('base64url')}`
export const newUserAuthorizationId = () => newUuid('user-authorization')
export const newSessionId = () => idRandomBytes('session', 18).toString('base64url')
/**
 * X-REQUEST-ID of a request that brought none (Hono's `requestId` generator). Under SANDBOX_SEED every request but
 * `/healthz` (which start-up scripts poll an unknown number of times) draws the next one.
 */
export const newRequestId = (c: { req: { path: string } }) => (seeding && c.req.path !== '/healthz' ? newUuid('request') : randomUUID())
/** A made-up reference of the sandbox's own calls (a command's merchantPaymentId, a nonce …): `prefix-` + hex. */
export const newReference = (prefix: string, bytes = 8) => `${prefix}${idRandomBytes(`reference:${prefix}`, bytes).toString('hex')}`
