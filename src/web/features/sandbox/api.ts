import { queryOptions } from '@tanstack/react-query'
import { requestCurlData, requestLogData, requestReplayData } from '@/domain/sandbox-log.ts'
import * as v from 'valibot'
import { webhookDeliverySchema, webhookListData } from '@/domain/webhooks.ts'
import { webhookChaosData, type WebhookChaosRequest } from '@/domain/webhook-chaos.ts'
import { apiGet, apiPost, envelope, http } from '@/web/lib/http.ts'

/**
 * The sandbox page's calls (issue 14; docs/sandbox-powers.md): the signed-in developer's request log, a logged
 * request as a curl command signed now on the server, and replay. Bearer calls acting for the test merchant.
 */
export interface RequestLogFilters {
  status?: string
  code?: string
  path?: string
  authFailed?: boolean
}

export const sandboxKeys = {
  all: ['sandbox'] as const,
  requests: (token: string | null, filters: RequestLogFilters) => ['sandbox', 'requests', token, filters] as const,
}

export const requestLogQuery = (token: string | null, filters: RequestLogFilters) =>
  queryOptions({
    queryKey: sandboxKeys.requests(token, filters),
    queryFn: async ({ signal }) => {
      const query = {
        status: filters.status || undefined,
        code: filters.code || undefined,
        path: filters.path || undefined,
        auth_failed: filters.authFailed ? 'true' : undefined,
      }
      return (await apiGet(envelope(requestLogData), '/dev/v1/sandbox/requests', { auth: true, query, signal })).data
    },
    enabled: token !== null,
  })

export const fetchCurl = async (id: string) =>
  (await apiGet(envelope(requestCurlData), `/dev/v1/sandbox/requests/${encodeURIComponent(id)}/curl`, { auth: true })).data

export const replayRequest = async (id: string) =>
  (await apiPost(envelope(requestReplayData), `/dev/v1/sandbox/requests/${encodeURIComponent(id)}/replay`, { auth: true })).data

const clockData = v.object({ merchantId: v.string(), nowMs: v.number(), nowEpoch: v.number() })
const qrSwitchData = v.object({ qr_auto_cancel: v.boolean() })

export const clockQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['sandbox', 'clock', token] as const,
    queryFn: async ({ signal }) => (await apiGet(envelope(clockData), '/dev/v1/sandbox/clock', { auth: true, signal })).data,
    enabled: token !== null,
  })

export const moveClock = async (body: { advanceMs: number } | { reset: true }) =>
  (await apiPost(envelope(clockData), '/dev/v1/sandbox/clock', { auth: true, body })).data

/** The Settings switch of spec §4 (the merchant settings call; the Settings page shows it too). */
export const qrSwitchQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['sandbox', 'qr-auto-cancel', token] as const,
    queryFn: async ({ signal }) => (await apiGet(envelope(qrSwitchData), '/dev/v1/configSettings/getSettings', { auth: true, signal })).data,
    enabled: token !== null,
  })

export const setQrAutoCancel = async (on: boolean) =>
  (await http.patch(envelope(qrSwitchData), '/dev/v1/configSettings/updateSettings', { auth: true, body: { qr_auto_cancel: on } })).data

// ── webhooks (docs/webhooks.md) ─────────────────────────────────────────────────────────────────────────────
const webhookDelivery = v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })
const webhookList = v.object({ ...webhookListData.entries, deliveries: v.array(webhookDelivery) })
export type WebhookDeliveryView = v.InferOutput<typeof webhookDelivery>

export const webhookLogQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['sandbox', 'webhooks', token] as const,
    queryFn: async ({ signal }) => (await apiGet(envelope(webhookList), '/dev/v1/sandbox/webhooks', { auth: true, signal })).data,
    enabled: token !== null,
  })

export const resendWebhook = async (deliveryId: string) =>
  (await apiPost(envelope(webhookDelivery), `/dev/v1/sandbox/webhooks/${encodeURIComponent(deliveryId)}/resend`, { auth: true })).data

/** Webhook chaos on the next delivery (issue 23; docs/webhooks.md#chaos). */
export const webhookChaosQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['sandbox', 'webhooks', 'chaos', token] as const,
    queryFn: async ({ signal }) => (await apiGet(envelope(webhookChaosData), '/dev/v1/sandbox/webhooks/chaos', { auth: true, signal })).data,
    enabled: token !== null,
  })

export const requestWebhookChaos = async (body: WebhookChaosRequest) =>
  (await apiPost(envelope(webhookChaosData), '/dev/v1/sandbox/webhooks/chaos', { auth: true, body })).data
