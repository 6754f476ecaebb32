import { describe, expect, it } from 'vitest'
import { formatJst } from './time-format.ts'

/** 2026-11-25 15:04:05 UTC is 2026-11-26 00:04:05 in Japan: the date itself changes. */
const at = '2026-11-25T15:04:05.000Z'

describe('formatJst (issue 20: one zone, labelled)', () => {
  it('shows Japan time with the label JST, whatever the zone of the process', () => {
    expect(formatJst('ja', at)).toBe('2026/11/26 0:04 JST')
    expect(formatJst('en', at)).toBe('26 Nov 2026, 00:04 JST')
    expect(formatJst('ja', at, 'dateTimeSeconds')).toBe('2026/11/26 0:04:05 JST')
    expect(formatJst('en', at, 'log')).toBe('26/11/2026, 00:04:05 JST')
    expect(formatJst('ja', at, 'time')).toBe('0:04:05 JST')
    expect(formatJst('en', Date.parse(at), 'time')).toBe('00:04:05 JST')
  })
  it('a date alone is the Japanese date, without a label', () => {
    expect(formatJst('ja', new Date(at), 'date')).toBe('2026/11/26')
    expect(formatJst('en', at, 'date')).toBe('26 Nov 2026')
  })
})
