import { describe, expect, it } from 'vitest'
import { i18nFor } from '../../tests/support/i18n.ts'
import { errorCatalogue } from './errors.ts'
import { labEndpointsOf, scenarioIds } from './lab.ts'
import { resolveCode, resolverEntries } from './resolver.ts'

/** Every resultInfo code of the provider's published API (../shared/reference, §1 and §4–§5 tables). */
const publishedCodes = `SUCCESS REQUEST_ACCEPTED INVALID_REQUEST_PARAMS MISSING_REQUEST_PARAMS INVALID_PARAMS OP_OUT_OF_SCOPE UNAUTHORIZED
OPA_CLIENT_NOT_FOUND RATE_LIMIT SERVICE_ERROR INTERNAL_SERVER_ERROR MAINTENANCE_MODE INVALID_USER_AUTHORIZATION_ID
EXPIRED_USER_AUTHORIZATION_ID USER_STATE_IS_NOT_ACTIVE UNACCEPTABLE_OP SERVICE_UNDER_MAINTENANCE NO_SUFFICIENT_FUND
TRANSACTION_FAILED DUPLICATE_DYNAMIC_QR_REQUEST PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE
DYNAMIC_QR_BAD_REQUEST DYNAMIC_QR_ALREADY_PAID DYNAMIC_QR_NOT_FOUND DYNAMIC_QR_PAYMENT_NOT_FOUND ORDER_NOT_REVERSIBLE
ORDER_NO_LONGER_AVAILABLE USER_CONFIRMATION_REQUIRED REAUTHORIZE_REJECTED PAY_METHOD_INVALIDATED REAUTH_AMOUNT_UNCHANGED
REAUTH_MAX_LIMIT_EXCEEDED REAUTHORIZE_FAILED RESOURCE_NOT_FOUND LIMIT_EXCEEDED USER_DEFINED_DAILY_LIMIT_EXCEEDED
USER_DEFINED_MONTHLY_LIMIT_EXCEEDED ALREADY_CAPTURED CANCELED_USER HIGHER_CAPTURE_NOT_PERMITTED ORDER_EXPIRED
ORDER_NOT_CAPTURABLE REAUTHORIZATION_IN_PROGRESS TOO_CLOSE_TO_EXPIRY ORDER_NOT_CANCELABLE THROTTLED_MULTIPLE_REFUND_REJECTED
REFUND_LIMIT_EXCEEDED REFUND_WINDOW_EXCEED MERCHANT_MULTIPLE_REFUND_REJECTED NO_SUCH_REFUND_ORDER SUSPECTED_DUPLICATE_ORDER
DUPLICATE_REQUEST_ORDER REQUEST_ORDER_NOT_FOUND INVALID_REQUEST_ORDER_STATE VALIDATION_FAILED_EXCEPTION FAILURE
TRANSACTION_NOT_FOUND EXPECTATION_FAILED SESSION_NOT_FOUND`.split(/\s+/)

describe('resolver knowledge base', () => {
  it('explains every published code and every code the server answers with, in both languages', () => {
    const codes = new Set(resolverEntries.map((e) => e.code))
    expect(publishedCodes.filter((c) => !codes.has(c))).toEqual([])
    expect(Object.keys(errorCatalogue).filter((c) => !codes.has(c))).toEqual([])
    expect(codes.size).toBe(resolverEntries.length)
    for (const lang of ['ja', 'en'] as const) {
      for (const e of resolverEntries) {
        const r = resolveCode({ code: e.code }, i18nFor(lang)).entry!
        expect(r.meaning.length, `${e.code} ${lang}`).toBeGreaterThan(3)
        expect(r.cause.length, `${e.code} ${lang}`).toBeGreaterThan(3)
        expect(r.fix.length, `${e.code} ${lang}`).toBeGreaterThan(3)
        if (lang === 'ja') expect(r.fix, e.code).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/)
      }
    }
  })

  it('points each lab target at a product tab and scenario that exist', () => {
    for (const e of resolverEntries.filter((x) => x.lab)) {
      expect(labEndpointsOf[e.lab!.product], e.code).toBeDefined()
      expect(scenarioIds, e.code).toContain(e.lab!.scenario)
    }
    expect(resolveCode({ code: 'UNAUTHORIZED' }, i18nFor('en')).entry!.lab).toEqual({
      product: 'qrcode',
      scenario: 'model2',
      path: '/develop/paylab-lab?product=qrcode&scenario=model2',
    })
  })

  it('finds a code as pasted, by codeId, and lists near matches for an unknown one', () => {
    expect(resolveCode({ code: ' "op_out_of_scope", ' }, i18nFor('ja')).entry).toMatchObject({ code: 'OP_OUT_OF_SCOPE', status: 401, codeIds: ['08100023'] })
    expect(resolveCode({ code: '01652075' }, i18nFor('en')).entry!.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
    expect(resolveCode({ code: 'SOMETHING', codeId: '08100016' }, i18nFor('en')).entry!.code).toBe('UNAUTHORIZED')
    const unknown = resolveCode({ code: 'UNAUTHORISED' }, i18nFor('en'))
    expect(unknown).toMatchObject({ found: false, entry: null })
    expect(unknown.near.map((n) => n.code)).toContain('UNAUTHORIZED')
    expect(resolveCode({ code: 'QR_NOT_FOUND' }, i18nFor('en')).near.map((n) => n.code)).toContain('DYNAMIC_QR_NOT_FOUND')
    expect(resolveCode({ code: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' }, i18nFor('en')).near).toEqual([])
  })
})
