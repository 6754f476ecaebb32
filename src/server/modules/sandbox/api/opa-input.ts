import type * as v from 'valibot'
import { ApiError, type ErrorCode } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import { issuesOf, jsonIn, validate, type InvalidInput, type Issues } from '../../../http/validator.ts'

/** `redirect`: the code of a refused redirectUrl (spec §5: EXPECTATION_FAILED where the endpoint takes one). */
export interface OpaErrorCodes {
  invalid: ErrorCode
  missing: ErrorCode
  currency: ErrorCode
  codeId?: string
  redirect?: ErrorCode
}
export const generic: OpaErrorCodes = { invalid: 'INVALID_PARAMS', missing: 'MISSING_REQUEST_PARAMS', currency: 'INVALID_REQUEST_PARAMS' }
export const qrCodes: OpaErrorCodes = { invalid: 'DYNAMIC_QR_BAD_REQUEST', missing: 'DYNAMIC_QR_BAD_REQUEST', currency: 'DYNAMIC_QR_BAD_REQUEST' }
export const qrCreateCodes: OpaErrorCodes = { ...qrCodes, redirect: 'EXPECTATION_FAILED' }
export const linkCodes: OpaErrorCodes = { ...generic, redirect: 'EXPECTATION_FAILED' }
export const refundCodes: OpaErrorCodes = { ...generic, codeId: opaCodeIds.refundInvalidParams }

/**
 * The provider's answer to bad input: a missing field (or a missing body) is MISSING_REQUEST_PARAMS, an
 * unsupported currency INVALID_REQUEST_PARAMS, anything else INVALID_PARAMS (QR endpoints: DYNAMIC_QR_BAD_REQUEST;
 * a refused redirectUrl EXPECTATION_FAILED where the endpoint takes one). The first failed field decides.
 * `data.issues` names the fields (a PayLab addition; the provider sends data null).
 */
export function opaCode(issues: Issues, codes: OpaErrorCodes = generic): ErrorCode {
  const first = issues[0]
  const path = issuesOf([first])[0]!.path
  if (codes.redirect && path === 'redirectUrl' && first.input !== undefined) return codes.redirect
  // absent: the field (or, at the root, the whole body) was not sent
  if (first.input === undefined) return codes.missing
  return path.endsWith('currency') ? codes.currency : codes.invalid
}

export const opaInvalid =
  (codes: OpaErrorCodes = generic): InvalidInput =>
  (issues) => {
    const code = opaCode(issues, codes)
    throw new ApiError(code, { data: { issues: issuesOf(issues) }, ...(code === 'INVALID_PARAMS' && codes.codeId ? { codeId: codes.codeId } : {}) })
  }

/** The sandbox API's validators: the provider's codes on failure. */
export const opaJson = <T extends v.GenericSchema>(schema: T, codes?: OpaErrorCodes) => jsonIn(schema, opaInvalid(codes))
export const opaQuery = <T extends v.GenericSchema>(schema: T, codes?: OpaErrorCodes) => validate('query', schema, opaInvalid(codes))
export const opaParams = <T extends v.GenericSchema>(schema: T, codes?: OpaErrorCodes) => validate('param', schema, opaInvalid(codes))
