/**
 * A least-recently-used cache whose entries also expire (spec §9: content cache of 500 entries for 30 minutes).
 * Time comes from the injected clock so tests can move it.
 */
export class TtlLruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>()

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get size() {
    return this.entries.size
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expiresAt <= this.now()) return undefined
    this.entries.set(key, entry) // most recently used goes last
    return entry.value
  }

  set(key: string, value: V) {
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  async getOrLoad(key: string, load: () => Promise<V> | V): Promise<V> {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const value = await load()
    this.set(key, value)
    return value
  }
}
