import { afterEach, describe, expect, it, vi } from 'vitest'
import { appEventHub } from '../../src/server/modules/miniapp/app-events.ts'
import { createLogger } from '../../src/server/logger.ts'

describe("the studio's change streams of one process", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('share one poll of the store for every watched app, none while no stream is open', async () => {
    vi.useFakeTimers()
    const versions = new Map([
      ['ma_a', 1],
      ['ma_b', 1],
    ])
    const reads: string[][] = []
    const hub = appEventHub(
      async (ids) => {
        reads.push([...ids].sort())
        return ids.map((id) => ({ id, version: versions.get(id)! }))
      },
      createLogger('silent'),
      { pollMs: 2_000, perClient: 10 },
    )
    const seen: string[] = []
    const closes = [
      hub.open('c1', 'ma_a', (v) => seen.push(`1:a${v}`))!,
      hub.open('c2', 'ma_a', (v) => seen.push(`2:a${v}`))!,
      hub.open('c3', 'ma_b', (v) => seen.push(`3:b${v}`))!,
    ]
    versions.set('ma_a', 2)
    await vi.advanceTimersByTimeAsync(2_000)
    // three streams, one query for both apps
    expect(reads).toEqual([['ma_a', 'ma_b']])
    expect(seen.filter((s) => s.includes('a2'))).toEqual(['1:a2', '2:a2'])
    // a change made by this process is told at once
    hub.notify('ma_b', 5)
    expect(seen).toContain('3:b5')
    for (const close of closes) close()
    expect(hub.openStreams()).toBe(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(reads).toHaveLength(1)
  })

  it('lets one client hold a bounded number of streams, and a closed one frees its place', () => {
    const hub = appEventHub(async () => [], createLogger('silent'), { perClient: 2 })
    const first = hub.open('203.0.113.9', 'ma_a', () => {})
    expect(hub.open('203.0.113.9', 'ma_a', () => {})).toBeDefined()
    expect(hub.open('203.0.113.9', 'ma_b', () => {})).toBeUndefined()
    // another client is not counted with it
    expect(hub.open('198.51.100.7', 'ma_a', () => {})).toBeDefined()
    first!()
    first!() // closing twice frees one place only
    expect(hub.open('203.0.113.9', 'ma_b', () => {})).toBeDefined()
    expect(hub.open('203.0.113.9', 'ma_b', () => {})).toBeUndefined()
  })
})
