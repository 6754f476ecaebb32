import { describe, expect, it } from 'vitest'
import { codesInResponse } from './parse-response.ts'

describe('codes in a pasted response', () => {
  it('reads resultInfo of a JSON answer', () => {
    expect(codesInResponse('{"resultInfo":{"code":"UNAUTHORIZED","message":"Unauthorized request","codeId":"08100016"},"data":null}')).toEqual({
      code: 'UNAUTHORIZED',
      codeId: '08100016',
    })
  })
  it('reads a truncated JSON answer and an SDK error line', () => {
    expect(codesInResponse('{"resultInfo":{"code":"DYNAMIC_QR_NOT_FOUND","message":"Dynamic QR code not found","codeId":"08100')).toEqual({
      code: 'DYNAMIC_QR_NOT_FOUND',
    })
    expect(codesInResponse('OpaError: NO_SUFFICIENT_FUND (01103002) at createPayment')).toEqual({ code: 'NO_SUFFICIENT_FUND', codeId: '01103002' })
  })
  it('finds nothing in empty or unrelated text', () => {
    expect(codesInResponse('  ')).toEqual({})
    expect(codesInResponse('timeout after 15 s')).toEqual({})
  })
})
