import type { WebhookAnswer } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import type { Developer } from './devtools-helpers.ts'

/** Helpers shared by the sandbox-webhooks-*.test.ts suites (not a test file itself). */

interface Received {
  url: string
  headers: Record<string, string>
  body: string
}

/** A receiver standing in for the merchant's server: answers from a script, records what arrived. */
export function scriptedTransport(answers: number[] = []) {
  const received: Received[] = []
  const send = async (url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> => {
    received.push({ url, headers, body })
    const status = answers.shift() ?? 200
    return { status, body: status === 200 ? 'OK' : 'busy', error: null }
  }
  return { received, send }
}

export const hookUrl = 'https://hooks.shop.example/paylab'

/** The merchant's delivery log and signing secret (GET /sandbox/api/webhooks). */
export const deliveries = async (d: Developer, query = '') => (await d.opa.get(`/sandbox/api/webhooks${query}`)).body.data
/** Moves the merchant's sandbox clock on. */
export const advance = (d: Developer, ms: number) => d.opa.post('/sandbox/api/clock', { advanceMs: ms })
