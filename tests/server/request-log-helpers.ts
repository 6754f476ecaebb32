import type { OpaFailureExplanation } from '../../src/domain/sandbox-log.ts'
import type { NewRequestLogRow } from '../../src/server/store/request-log-repo.ts'

/** Helpers of the request-log suites (sandbox-request-log*.test.ts; not a test file itself). */

/** A request-log entry of `merchantId`'s key as the store takes it: a signed GET answered 200, unless `extra` says otherwise. */
export const logEntry = (merchantId: string, apiKey: string, extra: Partial<NewRequestLogRow> = {}): NewRequestLogRow => ({
  merchantId,
  apiKey,
  atMs: Date.now(),
  method: 'GET',
  path: '/v2/x',
  status: 200,
  code: 'SUCCESS',
  codeId: null,
  latencyMs: 1,
  requestHeaders: {},
  requestBody: '',
  responseBody: '',
  flags: [],
  authFailure: null,
  ...extra,
})

/** What OPA-Auth writes for a request signed with the key but a wrong secret (its details do not matter here). */
export const badSignature: OpaFailureExplanation = {
  reason: 'BAD_SIGNATURE',
  receivedHeader: '',
  expectedStringToSign: '',
  expectedBodyHash: '',
  receivedBodyHash: '',
  epochSkewMs: 0,
  allowedSkewMs: 0,
}
