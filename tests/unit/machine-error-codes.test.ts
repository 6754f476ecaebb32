import { describe, expect, it } from 'vitest'
import { isErrorCode } from '@/domain/errors.ts'
import { paymentMachine } from '@machines/payment.machine.ts'

describe('error codes held by machines', () => {
  it('the payment machine refuses only with codes of the error catalogue (the engine answers them as ApiError)', () => {
    const codes = [...new Set([...JSON.stringify(paymentMachine.config).matchAll(/"code":"([^"]+)"/g)].map((m) => m[1]!))]
    expect(codes.length).toBeGreaterThan(10)
    expect(codes.filter((code) => !isErrorCode(code))).toEqual([])
  })
})
