import { LRUCache } from 'lru-cache'

/**
 * `lru-cache` options for entries that expire exactly `ttlMs` after they were set on the injected clock (the server's
 * clock, which tests move). `lru-cache` counts an entry stale once strictly more than `ttl` ms have passed and reads a
 * start time of 0 as "no expiry": the clock it sees is shifted by 1 ms and its ttl is 1 ms shorter, which on a
 * millisecond clock is "stale from `ttlMs` on", also on a clock that starts at 0.
 */
export const expiringAfter = (ttlMs: number, now: () => number) => ({ ttl: ttlMs - 1, ttlResolution: 0, perf: { now: () => now() + 1 } })

/** A least-recently-used cache whose entries also expire (spec §9: content cache of 500 entries for 30 minutes). */
export class TtlLruCache<V> {
  // boxed: lru-cache holds no undefined or null values, a cached answer may be either
  private readonly entries: LRUCache<string, { value: V }>

  constructor(maxEntries: number, ttlMs: number, now: () => number) {
    this.entries = new LRUCache<string, { value: V }>({ max: maxEntries, ...expiringAfter(ttlMs, now) })
  }

  get size() {
    return this.entries.size
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value
  }

  set(key: string, value: V) {
    this.entries.set(key, { value })
  }

  async getOrLoad(key: string, load: () => Promise<V> | V): Promise<V> {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const value = await load()
    this.set(key, value)
    return value
  }
}
