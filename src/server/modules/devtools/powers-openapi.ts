import * as opa from '@/domain/opa-schemas.ts'
import { requestCurlData, requestLogData, requestLogOpaData, requestLogParams, requestLogQuerySchema, requestReplayData } from '@/domain/sandbox-log.ts'
import { registerOperations } from '../../content/openapi.ts'

/** The sandbox powers (issue 14) in `/openapi.json`: the OPA-signed `/sandbox/api/*` calls and the portal's. docs/sandbox-powers.md. */
const tag = 'Sandbox'
const portalTag = 'Developer tools'
const opaAuth = 'opaAuth' as const
const bearer = 'bearer' as const

registerOperations([
  { method: 'get', path: '/sandbox/api/ping', tag, summary: 'A bare JSON answer with no store access (liveness and benchmark ceiling; unsigned)' },
  {
    method: 'get',
    path: '/sandbox/api/clock',
    tag,
    summary: "The calling merchant's sandbox clock",
    security: opaAuth,
    rawResponse: opa.SandboxClockResponseSchema,
  },
  {
    method: 'get',
    path: '/sandbox/api/requests',
    tag,
    summary:
      "The calling merchant's request log, newest first (filters: status, code, path, from, to in epoch ms, auth_failed, limit); failed OPA-Auth of its keys explained",
    security: opaAuth,
    query: requestLogQuerySchema,
    data: requestLogOpaData,
  },
  {
    method: 'get',
    path: '/dev/v1/sandbox/requests',
    tag: portalTag,
    summary: "The mode's merchant's sandbox request log (X-ASSUME-MERCHANT), same filters",
    security: bearer,
    query: requestLogQuerySchema,
    data: requestLogData,
  },
  {
    method: 'get',
    path: '/dev/v1/sandbox/requests/{id}/curl',
    tag: portalTag,
    summary: "A logged request as a curl command signed now with the merchant's key (valid ±120 s, once)",
    security: bearer,
    params: requestLogParams,
    data: requestCurlData,
  },
  {
    method: 'get',
    path: '/dev/v1/sandbox/clock',
    tag: portalTag,
    summary: "The mode's merchant's sandbox clock",
    security: bearer,
    data: opa.SandboxClockDataSchema,
  },
  {
    method: 'post',
    path: '/dev/v1/sandbox/clock',
    tag: portalTag,
    summary: "Move the mode's merchant's sandbox clock forward (advanceMs) or back to real time (reset); kept in the store",
    security: bearer,
    body: opa.SandboxClockRequestSchema,
    data: opa.SandboxClockDataSchema,
  },
  {
    method: 'post',
    path: '/dev/v1/sandbox/requests/{id}/replay',
    tag: portalTag,
    summary: "Send a logged request again, signed anew; answers the sandbox's status and body",
    security: bearer,
    params: requestLogParams,
    data: requestReplayData,
  },
])
