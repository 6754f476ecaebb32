import { describe, expect, it } from 'vitest'
import { chunkFailureKey, chunkRetryIntervalMs, clearChunkFailure, isChunkLoadError, noteChunkFailure, planChunkRetry } from './chunk-errors.ts'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  }
}

describe('chunk load failures (spec §2: an error after 120 seconds)', () => {
  it('recognises failed dynamic imports of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('retries until 120 s after the first failure, then fails', () => {
    const storage = memoryStorage()
    const t0 = 1_000_000
    expect(noteChunkFailure(t0, storage)).toBe(t0)
    expect(planChunkRetry(noteChunkFailure(t0 + 30_000, storage), t0 + 30_000)).toEqual({ action: 'retry', inMs: chunkRetryIntervalMs })
    expect(planChunkRetry(noteChunkFailure(t0 + 118_000, storage), t0 + 118_000)).toEqual({ action: 'retry', inMs: 2_000 })
    expect(planChunkRetry(noteChunkFailure(t0 + 120_000, storage), t0 + 120_000)).toEqual({ action: 'fail' })
    expect(storage.map.get(chunkFailureKey)).toBe(String(t0))
  })

  it('starts counting again once a page has loaded', () => {
    const storage = memoryStorage()
    noteChunkFailure(1_000, storage)
    clearChunkFailure(storage)
    expect(noteChunkFailure(500_000, storage)).toBe(500_000)
  })
})
