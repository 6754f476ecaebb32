/**
 * `npm run sandbox:forward -- http://localhost:PORT/path` (docs/webhooks.md#forwarder): delivers a merchant's
 * sandbox webhooks to a server on this machine that the sandbox does not post to itself. It PULLS: it polls the
 * OPA-signed `GET /sandbox/api/webhooks` with the merchant's key, claims each delivery waiting for it
 * (`POST /sandbox/api/webhooks/{deliveryId}/claim`: of several forwarders one posts it), posts it to the local
 * URL with the very body and signature headers the sandbox made, and reports the answer
 * (`POST /sandbox/api/webhooks/{deliveryId}/attempts`) so the delivery log shows it. Nothing listens, nothing is
 * exposed.
 *
 * Options (flags win over the environment):
 *   --sandbox URL     the PayLab server      PAYLAB_BASE_URL     (default http://localhost:3000)
 *   --key KEY         API key                PAYLAB_API_KEY      (default: the public demo merchant's)
 *   --secret SECRET   API secret             PAYLAB_API_SECRET
 *   --merchant ID     merchant id            PAYLAB_MERCHANT_ID
 *   --interval MS     poll interval          (default 1000)
 *   --once            one poll, then exit (CI)
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { signOpaRequest } from '../src/domain/opa-auth.ts'
import { webhookDeliverySchema } from '../src/domain/webhooks.ts'
import { nodeOpaCrypto } from '../src/server/sandbox/opa-crypto.ts'
import { demoMerchant } from '../src/server/modules/sandbox/engine/seed.ts'
import { httpWebhookTransport } from '../src/server/sandbox/webhooks.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sandbox: { type: 'string' },
    key: { type: 'string' },
    secret: { type: 'string' },
    merchant: { type: 'string' },
    interval: { type: 'string', default: '1000' },
    once: { type: 'boolean', default: false },
  },
})

const target = positionals[0]
if (!target || !/^https?:\/\//.test(target)) {
  console.error('usage: npm run sandbox:forward -- http://localhost:PORT/path [--sandbox URL] [--key K --secret S --merchant ID] [--interval MS] [--once]')
  process.exit(2)
}
const base = (values.sandbox ?? process.env.PAYLAB_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const apiKey = values.key ?? process.env.PAYLAB_API_KEY ?? demoMerchant.apiKey
const apiSecret = values.secret ?? process.env.PAYLAB_API_SECRET ?? demoMerchant.apiSecret
const merchantId = values.merchant ?? process.env.PAYLAB_MERCHANT_ID ?? demoMerchant.id
const interval = Math.max(200, Number(values.interval) || 1000)

/** What the forwarder reads of a delivery (the list answer is checked like any outside input). */
const ForwardableSchema = v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })
const ListSchema = v.object({ data: v.object({ deliveries: v.array(ForwardableSchema) }) })
const ClaimSchema = v.object({ data: v.object({ claimed: v.boolean() }) })

async function opa(method: 'GET' | 'POST', path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const contentType = 'application/json;charset=UTF-8;'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey,
    apiSecret,
    method,
    path,
    nonce: randomBytes(8).toString('hex'),
    epoch: Math.floor(Date.now() / 1000),
    contentType,
    body: text,
  })
  const res = await fetch(base + path, {
    method,
    headers: { authorization, 'x-assume-merchant': merchantId, ...(text === undefined ? {} : { 'content-type': contentType }) },
    body: text,
    signal: AbortSignal.timeout(15_000),
  })
  const answer = (await res.json().catch(() => null)) as { resultInfo?: { code?: string } } | null
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status} ${answer?.resultInfo?.code ?? ''}`)
  return answer
}

const post = httpWebhookTransport({ checkAddress: false })

/** One poll: forwards every delivery waiting for the forwarder, oldest first. Answers how many it forwarded. */
async function poll() {
  const list = v.parse(ListSchema, await opa('GET', '/sandbox/api/webhooks?status=pending&limit=200'))
  const due = list.data.deliveries.filter((d) => d.forward).reverse()
  for (const delivery of due) {
    // several forwarders may poll one merchant: each attempt is posted by the one that claims it
    const claim = v.parse(ClaimSchema, await opa('POST', `/sandbox/api/webhooks/${delivery.deliveryId}/claim`))
    if (!claim.data.claimed) continue
    const answer = await post(target!, delivery.request.headers, delivery.request.body)
    await opa('POST', `/sandbox/api/webhooks/${delivery.deliveryId}/attempts`, {
      status: answer.status,
      body: answer.body,
      ...(answer.error ? { error: answer.error } : {}),
    })
    console.log(`${delivery.state} ${delivery.deliveryId} → ${target} ${answer.status || answer.error}`)
  }
  return due.length
}

console.log(`forwarding webhooks of merchant ${merchantId} from ${base} to ${target}`)
let stopped = false
process.once('SIGINT', () => (stopped = true))
process.once('SIGTERM', () => (stopped = true))
do {
  try {
    await poll()
  } catch (error) {
    console.error(`poll failed: ${(error as Error).message}`)
    if (values.once) process.exitCode = 1
  }
  if (values.once || stopped) break
  await new Promise((resolve) => setTimeout(resolve, interval))
} while (!stopped)
