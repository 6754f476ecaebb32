import * as v from 'valibot'
import {
  appParamsSchema,
  payAnswerSchema,
  payBodySchema,
  proxyAnswerSchema,
  proxyBodySchema,
  publicKeyAnswerSchema,
  topupAnswerSchema,
  topupBodySchema,
  uaidAnswerSchema,
  uaidBodySchema,
  uploadSchema,
  usersAnswerSchema,
} from '@/domain/miniapp-runtime.ts'
import { registerOperations } from '../../content/openapi.ts'

/** The mini-app studio's server (issue 21) in `/openapi.json`. docs/miniapp-studio.md. */
const tag = 'Mini-app studio'
const appAnswer = v.object({
  appId: v.string(),
  version: v.number(),
  manifest: v.nullable(v.record(v.string(), v.unknown())),
  report: v.object({ ok: v.boolean(), findings: v.array(v.record(v.string(), v.string())) }),
  files: v.array(v.string()),
})

registerOperations([
  {
    method: 'post',
    path: '/dev/v1/miniapp/apps',
    tag,
    summary: 'Upload a mini app: { files: { path: base64 } } (≤ 200 files, ≤ 5 MB); answers its id, report and the edit token',
    body: uploadSchema,
    data: v.object({ ...appAnswer.entries, editToken: v.string() }),
    status: 201,
  },
  {
    method: 'put',
    path: '/dev/v1/miniapp/apps/{appId}',
    tag,
    summary: "Replace a mini app's files (header X-MiniApp-Edit-Token: the token given at creation); its change event fires",
    params: appParamsSchema,
    body: uploadSchema,
    data: appAnswer,
  },
  {
    method: 'get',
    path: '/dev/v1/miniapp/apps/{appId}',
    tag,
    summary: 'A mini app: manifest, report, file list (`example`: the cake shop)',
    params: appParamsSchema,
    data: appAnswer,
  },
  {
    method: 'get',
    path: '/dev/v1/miniapp/apps/{appId}/events',
    tag,
    summary: 'Server-Sent Events: `ready`, then `changed` with the new version whenever the files are replaced',
    params: appParamsSchema,
  },
  {
    method: 'post',
    path: '/dev/v1/miniapp/pay',
    tag,
    summary:
      "pp.makePayment in the studio: a real sandbox payment of the test user to the developer's test merchant (the demo merchant for a visitor), with the tester's outcome; the answer carries the sandbox's JWS",
    body: payBodySchema,
    data: payAnswerSchema,
  },
  {
    method: 'post',
    path: '/dev/v1/miniapp/topup',
    tag,
    summary: "pp.topup: the test user's top-up (once a month), with a JWS",
    body: topupBodySchema,
    data: topupAnswerSchema,
  },
  {
    method: 'post',
    path: '/dev/v1/miniapp/uaid',
    tag,
    summary: "pp.getUAID: a JWS carrying the user's real userAuthorizationId",
    body: uaidBodySchema,
    data: uaidAnswerSchema,
  },
  { method: 'get', path: '/dev/v1/miniapp/users', tag, summary: 'The test users the studio can sign in: balance, profile, KYC', data: usersAnswerSchema },
  {
    method: 'post',
    path: '/dev/v1/miniapp/request',
    tag,
    summary: "pp.request through the portal: only to https hosts of the app's whiteListDomains; §8 network errors as { errorCode, errorMessage }",
    body: proxyBodySchema,
    data: proxyAnswerSchema,
  },
  {
    method: 'get',
    path: '/v2/miniapp/publicKey',
    tag,
    summary:
      "The sandbox's public key (JWK, ES256) that verifies the JWS of pp.makePayment, pp.topup and pp.getUAID, by the kid of the JWS header (none: the current key). Cache it by kid (spec §5).",
    query: v.object({ kid: v.optional(v.string()) }),
    data: publicKeyAnswerSchema,
  },
])
