import { wotDemoKey, type DemoKeyKind } from '@/domain/lab.ts'
import { demoRequestFor, type DemoRequest } from '@/domain/lab-panel.ts'
import { limits } from '@/domain/limits.ts'
import { newOpaNonce } from '@/domain/opa-auth.ts'
import type { DemoCallInput, DemoCallRecord } from '@machines/test-panel.machine.ts'
import { applyEdits, type RequestEdits } from './request-edit.ts'
import { signOpaRequestInBrowser } from './web-signer.ts'

/**
 * The test panel's calls to the demo API (spec §7): signed in the browser with `hmac OPA-Auth` by the developer's own
 * sandbox key (WIT) or the published unauthorised demo key (WOT), the portal token in `tfAuthKey`, the merchant in
 * `X-ASSUME-MERCHANT`. The panel shows the exchange exactly as it happened, so it uses `fetch` and keeps every
 * status and body (the portal's JSON client turns non-2xx answers into errors).
 */

export interface DemoCredentials {
  apiKey: string
  apiSecret: string
  merchantId: string
  accessToken: string
}

export interface SignedRequest {
  method: string
  url: string
  headers: Record<string, string>
  bodyText: string | null
}

const contentType = 'application/json'

/** Signs one request now (fresh nonce, current epoch): a signed request can be sent once, within 2 minutes. */
export async function signDemoRequest(
  request: Pick<DemoRequest, 'method' | 'path'>,
  bodyText: string | null,
  key: DemoKeyKind,
  credentials: DemoCredentials,
  origin: string,
): Promise<SignedRequest> {
  const signer = key === 'WOT' ? wotDemoKey : credentials
  const authorization = await signOpaRequestInBrowser({
    apiKey: signer.apiKey,
    apiSecret: signer.apiSecret,
    method: request.method,
    path: request.path,
    nonce: newOpaNonce(),
    epoch: Math.floor(Date.now() / 1000),
    contentType: bodyText ? contentType : null,
    body: bodyText,
  })
  return {
    method: request.method,
    url: `${origin}${request.path}`,
    headers: {
      Authorization: authorization,
      tfAuthKey: credentials.accessToken,
      'X-ASSUME-MERCHANT': credentials.merchantId,
      ...(bodyText ? { 'Content-Type': contentType } : {}),
    },
    bodyText,
  }
}

/**
 * Runs one call of the panel: builds the request for the item (with the person's checked edits of the amount or body
 * on the call they asked for, not on a call that only creates a missing id), signs it, sends it, times it. Rejects
 * only without an answer.
 */
export async function sendDemoCall(
  input: DemoCallInput,
  credentials: DemoCredentials,
  origin: string,
  lang: 'ja' | 'en',
  edits?: RequestEdits,
): Promise<DemoCallRecord> {
  const built = demoRequestFor(
    input.plan.endpointId,
    {
      item: input.item,
      userAuthorizationId: input.userAuthorizationId,
      newId: () => crypto.randomUUID(),
      now: Math.floor(Date.now() / 1000),
      randomAmount: () => 1000 + Math.floor(Math.random() * 9000),
    },
    input.plan.emptyId,
    { purpose: input.purpose, zeroAmount: input.plan.zeroAmount },
  )
  const request = edits && input.purpose === 'send' ? applyEdits(built, edits) : built
  const bodyText = request.body ? JSON.stringify(request.body) : null
  const signed = await signDemoRequest(request, bodyText, input.plan.key, credentials, origin)
  const { status, answer, text, ms } = await exchange(signed, lang)
  return { purpose: input.purpose, key: input.plan.key, request: { ...request, url: signed.url, headers: signed.headers, bodyText }, status, answer, text, ms }
}

/** Sends one signed request (short timeout) and keeps what came back: status, parsed JSON (null if none), text, time. Rejects only without an answer. */
export async function exchange(signed: SignedRequest, lang: 'ja' | 'en'): Promise<{ status: number; answer: unknown; text: string; ms: number }> {
  const started = performance.now()
  const response = await fetch(signed.url, {
    method: signed.method,
    headers: { ...signed.headers, Accept: 'application/json', 'Accept-Language': lang },
    body: signed.bodyText ?? undefined,
    signal: AbortSignal.timeout(limits.timeouts.shortMs),
  })
  const text = await response.text()
  const ms = Math.round(performance.now() - started)
  let answer: unknown = null
  try {
    answer = JSON.parse(text)
  } catch {
    answer = null
  }
  return { status: response.status, answer, text, ms }
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`

/** A runnable curl of a signed request (POSIX shell quoting). */
export function curlOf(request: SignedRequest): string {
  const lines = [`curl -sS -X ${request.method} ${quote(request.url)}`]
  for (const [name, value] of Object.entries(request.headers)) lines.push(`  -H ${quote(`${name}: ${value}`)}`)
  if (request.bodyText) lines.push(`  --data-raw ${quote(request.bodyText)}`)
  return lines.join(' \\\n')
}

/** "Copy as curl": the call's request signed afresh (a new nonce and epoch; the one sent is spent), as curl. */
export async function curlForRecord(record: DemoCallRecord, credentials: DemoCredentials, origin: string): Promise<string> {
  return curlOf(await signDemoRequest(record.request, record.request.bodyText, record.key, credentials, origin))
}
