import { describe, expect, it } from 'vitest'
import { demoAmountAlert, demoMerchantPaymentId, responseTokenOf, retryBackoffMs } from './checkout-demo.ts'

describe('checkout demo rules (spec §5, §8, §9)', () => {
  it('prefixes the merchant payment id and cuts it to 64 characters', () => {
    expect(demoMerchantPaymentId('abc')).toBe('DEVELOPER-PANEL-DEMO-abc')
    const long = demoMerchantPaymentId('x'.repeat(100))
    expect(long).toHaveLength(64)
    expect(long.startsWith('DEVELOPER-PANEL-DEMO-xxx')).toBe(true)
  })

  it('accepts demo amounts 0 to 100 inclusive and names the alert otherwise', () => {
    expect([0, 1, 100].map(demoAmountAlert)).toEqual([null, null, null])
    expect(demoAmountAlert(101)).toBe('AMOUNT_TOO_HIGH')
    expect(demoAmountAlert(-1)).toBe('AMOUNT_TOO_LOW')
  })

  it('waits 1, 2 and 4 seconds before the three retries', () => {
    expect([1, 2, 3].map(retryBackoffMs)).toEqual([1_000, 2_000, 4_000])
  })

  it('reads the response token only from a loading page', () => {
    expect(responseTokenOf('https://shop.example/loading?responseToken=t1&x=1')).toEqual({ returned: true, token: 't1' })
    expect(responseTokenOf('https://shop.example/loading?x=1')).toEqual({ returned: true, token: null })
    expect(responseTokenOf('https://shop.example/loading?responseToken=%20')).toEqual({ returned: true, token: null })
    expect(responseTokenOf('https://wallet.example/authorize?responseToken=t1')).toEqual({ returned: false, token: null })
  })
})
