/**
 * The one source of time for server logic (never `Date.now()` in logic). The sandbox can move a merchant's
 * clock forward to test windows (cancel deadline, expiry) without waiting.
 */
export interface Clock {
  now(): Date
  /** Milliseconds since the epoch, as seen by a given merchant (their offset applied). */
  nowMs(merchantId?: string): number
  advance(ms: number, merchantId?: string): void
  reset(merchantId?: string): void
  /** A merchant's offset from real time (0 when never moved). */
  offsetMs(merchantId: string): number
  /** Sets a merchant's offset, e.g. as loaded from the store (the sandbox keeps offsets there, issue 14). */
  setOffset(merchantId: string, offsetMs: number): void
}

export function createClock(base: () => number = () => Date.now()): Clock {
  let globalOffset = 0
  const merchantOffsets = new Map<string, number>()
  const nowMs = (merchantId?: string) => base() + globalOffset + (merchantId ? (merchantOffsets.get(merchantId) ?? 0) : 0)
  return {
    now: () => new Date(nowMs()),
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
