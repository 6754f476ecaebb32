import { describe, expect, it } from 'vitest'
import { unverifiedRate } from '../../src/server/modules/sandbox/request-log/request-log.ts'
import { createLogger } from '../../src/server/logger.ts'

describe('the rate of unverified request-log entries per merchant', () => {
  it('writes the first N of a minute per merchant, counts the rest, and opens a new minute', () => {
    let now = 0
    const lines: unknown[] = []
    const log = { ...createLogger('silent'), warn: (message: string, fields?: unknown) => lines.push([message, fields]) }
    const allowed = unverifiedRate(() => now, log as never, 3)
    expect([1, 2, 3, 4, 5].map(() => allowed('m1'))).toEqual([true, true, true, false, false])
    // another merchant has its own minute
    expect(allowed('m2')).toBe(true)
    now = 59_999
    expect(allowed('m1')).toBe(false)
    expect(lines).toEqual([])
    now = 60_000
    expect(allowed('m1')).toBe(true)
    expect(lines).toEqual([['request log: unverified requests over the rate were not written', { merchantId: 'm1', skipped: 3, perMinute: 3 }]])
  })
})
