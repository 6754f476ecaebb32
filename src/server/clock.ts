/**
 * The one source of time for server logic (never `Date.now()` in logic). The sandbox can move a merchant's
 * clock forward to test windows (cancel deadline, expiry) without waiting.
 */
export interface Clock {
  now(): Date
  /**
   * Real time, for what is checked against a caller's own clock (the OPA-Auth timestamp window and its nonce
   * memory, the timestamp of a webhook posted to a receiver). The same as `nowMs()` unless the clock is frozen.
   */
  wallMs(): number
  /** Milliseconds since the epoch, as seen by a given merchant (their offset applied). */
  nowMs(merchantId?: string): number
  advance(ms: number, merchantId?: string): void
  reset(merchantId?: string): void
  /** A merchant's offset from real time (0 when never moved). */
  offsetMs(merchantId: string): number
  /** Sets a merchant's offset, e.g. as loaded from the store (the sandbox keeps offsets there, issue 14). */
  setOffset(merchantId: string, offsetMs: number): void
}

/**
 * The instant a seeded sandbox's clocks stand at (SANDBOX_SEED, docs/sandbox-state.md "Golden files"): midnight of
 * 1 January 2026 in Japan. They move only when told (the clock calls, `advance`), never with real time.
 */
export const frozenInstantMs = Date.parse('2026-01-01T00:00:00+09:00')

/**
 * The server's clock: real time (`base`) plus offsets, or, `frozenAtMs` given, that instant plus offsets (real time
 * then only answers `wallMs`).
 */
export function createClock(base: () => number = () => Date.now(), options: { frozenAtMs?: number } = {}): Clock {
  let globalOffset = 0
  const merchantOffsets = new Map<string, number>()
  const { frozenAtMs } = options
  const start = frozenAtMs === undefined ? base : () => frozenAtMs
  const nowMs = (merchantId?: string) => start() + globalOffset + (merchantId ? (merchantOffsets.get(merchantId) ?? 0) : 0)
  return {
    now: () => new Date(nowMs()),
    wallMs: frozenAtMs === undefined ? () => nowMs() : base,
    nowMs,
    advance(ms, merchantId) {
      if (merchantId) merchantOffsets.set(merchantId, (merchantOffsets.get(merchantId) ?? 0) + ms)
      else globalOffset += ms
    },
    offsetMs: (merchantId) => merchantOffsets.get(merchantId) ?? 0,
    setOffset(merchantId, offsetMs) {
      if (offsetMs === 0) merchantOffsets.delete(merchantId)
      else merchantOffsets.set(merchantId, offsetMs)
    },
    reset(merchantId) {
      if (merchantId) merchantOffsets.delete(merchantId)
      else {
        globalOffset = 0
        merchantOffsets.clear()
      }
    },
  }
}
