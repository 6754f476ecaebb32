import { describe, expect, it } from 'vitest'
import { formatDateTime } from './text.ts'

describe("the wallet's times", () => {
  // 2026-11-25 12:00 UTC is 21:00 in Japan
  const at = Date.UTC(2026, 10, 25, 12, 0) / 1000

  it('are Japan time labelled JST, in both languages, like every portal screen (issue 20)', () => {
    expect(formatDateTime('ja', at)).toMatch(/2026.*21:00 JST$/)
    expect(formatDateTime('en', at)).toMatch(/2026.*21:00 JST$/)
    expect(formatDateTime('en', at)).not.toContain('GMT')
  })
})
