import { assign, setup } from 'xstate'

/**
 * One sandbox webhook delivery (issue 14 item 4; docs/webhooks.md): waiting to be sent, delivered on a 2xx
 * answer, failed when the last scheduled attempt was refused too; a resend starts it again. Pure: the server
 * (src/server/sandbox/webhooks.ts) restores it from the stored row, asks it what an answer or a resend does and
 * stores the result; the retry delays come from `webhookLimits` there.
 */
export interface WebhookDeliveryContext {
  /** Attempts since the delivery was queued or last resent. */
  attempts: number
  /** Attempts a delivery gets before it fails (`maxWebhookAttempts`). */
  maxAttempts: number
}

export type WebhookDeliveryEvent = { type: 'attempt.answered'; status: number } | { type: 'delivery.resent' }

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

export const webhookDeliveryMachine = setup({
  types: {
    context: {} as WebhookDeliveryContext,
    events: {} as WebhookDeliveryEvent,
    input: {} as WebhookDeliveryContext,
  },
  actions: {
    counted: assign({ attempts: ({ context }) => context.attempts + 1 }),
    restarted: assign({ attempts: 0 }),
  },
  guards: {
    isSuccess: ({ event }) => event.type === 'attempt.answered' && event.status >= 200 && event.status < 300,
    hasAttemptsLeft: ({ context }) => context.attempts + 1 < context.maxAttempts,
  },
}).createMachine({
  id: 'webhookDelivery',
  description:
    "One transaction webhook on its way to the merchant's server: retried with back-off until it answers 2xx or the attempts run out; the merchant can send it again at any time.",
  context: ({ input }) => input,
  initial: 'pending',
  states: {
    pending: {
      description: 'Waiting for its next attempt (by the sandbox, or by the forwarder when the URL is on this machine or not set).',
      tags: ['status.pending'],
      on: {
        'attempt.answered': [
          { guard: 'isSuccess', target: 'delivered', actions: 'counted', description: 'The receiver answered 2xx: delivered, no more attempts' },
          {
            guard: 'hasAttemptsLeft',
            target: 'pending',
            actions: 'counted',
            description: 'Refused or no answer: the next attempt is scheduled after the back-off delay',
          },
          { target: 'failed', actions: 'counted', description: 'The last scheduled attempt was refused too: the delivery failed' },
        ],
        'delivery.resent': { target: 'pending', actions: 'restarted', description: 'Resent: due at once, with a fresh retry schedule' },
      },
    },
    delivered: {
      description: 'The receiver answered 2xx.',
      tags: ['status.delivered'],
      on: { 'delivery.resent': { target: 'pending', actions: 'restarted', description: 'Resent: sent again at once, with a fresh retry schedule' } },
    },
    failed: {
      description: 'Every scheduled attempt was refused or unanswered.',
      tags: ['status.failed'],
      on: { 'delivery.resent': { target: 'pending', actions: 'restarted', description: 'Resent: sent again at once, with a fresh retry schedule' } },
    },
  },
})
