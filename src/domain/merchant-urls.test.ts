import { describe, expect, it } from 'vitest'
import { localWebhookDelivery } from './merchant-urls.ts'

describe('how a webhook to a localhost receiver is delivered (docs/webhooks.md)', () => {
  it('directly by a server on loopback only; by the forwarder on a shared one', () => {
    expect(localWebhookDelivery({ host: '127.0.0.1' })).toBe('direct')
    expect(localWebhookDelivery({ host: '::1' })).toBe('direct')
    expect(localWebhookDelivery({ host: 'localhost', publicOrigin: 'http://localhost:3000' })).toBe('direct')
    expect(localWebhookDelivery({ host: '0.0.0.0' })).toBe('forwarder')
    expect(localWebhookDelivery({ host: '192.168.1.20' })).toBe('forwarder')
    // behind a proxy on the same machine: HOST stays loopback, the public origin says it is shared
    expect(localWebhookDelivery({ host: '127.0.0.1', publicOrigin: 'https://sandbox.example.com' })).toBe('forwarder')
    expect(localWebhookDelivery({ host: '127.0.0.1', webhookLocalDeliveryForwarder: true })).toBe('forwarder')
  })
})
