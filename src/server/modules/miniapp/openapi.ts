import * as v from 'valibot'
import { payAnswerSchema, proxyAnswerSchema, publicKeyAnswerSchema, topupAnswerSchema, uaidAnswerSchema, usersAnswerSchema } from '@/domain/miniapp-runtime.ts'
import type { OperationDoc } from '../../http/openapi.ts'

/** The mini-app studio's server (issue 21) in `/openapi.json`, beside its routes (index.ts). docs/miniapp-studio.md. */
const tag = 'Developer tools'
const appAnswer = v.object({
  appId: v.string(),
  version: v.number(),
  manifest: v.nullable(v.record(v.string(), v.unknown())),
  report: v.object({ ok: v.boolean(), findings: v.array(v.record(v.string(), v.string())) }),
  files: v.array(v.string()),
})

export const docs = {
  upload: {
    tag,
    summary: 'Upload a mini app: { files: { path: base64 } } (≤ 200 files, ≤ 5 MB); answers its id, report and the edit token',
    data: v.object({ ...appAnswer.entries, editToken: v.string() }),
    status: 201,
  },
  replace: {
    tag,
    summary: "Replace a mini app's files (header X-MiniApp-Edit-Token: the token given at creation); its change event fires",
    data: appAnswer,
  },
  get: {
    tag,
    summary: 'A mini app: manifest, report, file list (`example`: the cake shop)',
    data: appAnswer,
  },
  events: {
    tag,
    summary:
      'Server-Sent Events for the holder of the edit token (`?token=`): `ready`, then `changed` with the new version whenever the files are replaced; at most 4 open per client',
  },
  pay: {
    tag,
    summary:
      "pp.makePayment in the studio: a real sandbox payment of the test user to the developer's test merchant (the demo merchant for a visitor), with the tester's outcome; the answer carries the sandbox's JWS",
    data: payAnswerSchema,
  },
  topup: {
    tag,
    summary: "pp.topup: the test user's top-up (once a month), with a JWS",
    data: topupAnswerSchema,
  },
  uaid: {
    tag,
    summary: "pp.getUAID: a JWS carrying the user's real userAuthorizationId",
    data: uaidAnswerSchema,
  },
  users: { tag, summary: 'The test users the studio can sign in: balance, profile, KYC', data: usersAnswerSchema },
  request: {
    tag,
    summary: "pp.request through the portal: only to https hosts of the app's whiteListDomains; §8 network errors as { errorCode, errorMessage }",
    data: proxyAnswerSchema,
  },
  publicKey: {
    tag,
    summary:
      "A public key (JWK, ES256) that verifies the JWS of pp.makePayment, pp.topup and pp.getUAID, by the kid of the JWS header (none: the demo merchant's current key). Cache it by kid (spec §5).",
    data: publicKeyAnswerSchema,
  },
  jwks: {
    tag,
    summary:
      "A merchant's mini-app signing keys as a JSON Web Key Set ({ keys }): each merchant signs with its own key; verify a JWS with your merchant's set, then its audience paylab-miniapp:<merchantId>:<appId>",
    rawResponse: v.object({ keys: v.array(v.record(v.string(), v.string())) }),
  },
} satisfies Record<string, OperationDoc>
