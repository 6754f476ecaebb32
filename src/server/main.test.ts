import { describe, expect, it } from 'vitest'
import { OperatorError, workersOf } from './main.ts'

describe('WORKERS (issue 22)', () => {
  it('is one process unless set', () => {
    expect(workersOf({})).toBe(1)
    expect(workersOf({ WORKERS: ' ' })).toBe(1)
    expect(workersOf({ WORKERS: '1' })).toBe(1)
    expect(workersOf({ WORKERS: '3', DATABASE_URL: 'postgres://db/paylab' })).toBe(3)
  })

  it('refuses several processes on PGlite, saying what to set', () => {
    expect(() => workersOf({ WORKERS: '2' })).toThrow(OperatorError)
    expect(() => workersOf({ WORKERS: '2' })).toThrow(/WORKERS=2 needs PostgreSQL: set DATABASE_URL=postgres:\/\/… .*Unset WORKERS/)
  })

  it('refuses a value that is not a count', () => {
    for (const value of ['0', '-1', '1.5', 'two', '65'])
      expect(() => workersOf({ WORKERS: value, DATABASE_URL: 'postgres://db/p' })).toThrow(/whole number from 1 to 64/)
  })
})
