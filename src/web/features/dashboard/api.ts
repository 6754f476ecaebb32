import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiKeyListData, merchantUsersData, newApiKeyData } from '@/domain/account-api.ts'
import { activationData, assumeMerchantHeader, merchantTopUpData, productScopesData, revokedApiKeyData, transactionsData } from '@/domain/dashboard-api.ts'
import { dashboardHomeData } from '@/domain/dashboard-home.ts'
import { settingsData } from '@/domain/settings.ts'
import { profileKey } from '@/web/lib/profile.ts'
import { call } from '@/web/lib/api-call.ts'
import { dashboardKeys } from './keys.ts'

/**
 * Calls of the dashboard, transactions and settings pages (docs/dashboard.md). Every merchant call names the
 * merchant of the current mode in X-ASSUME-MERCHANT (spec §6); failures reject with an AccountFlowError carrying
 * the server's code (the account feature's `call`), a 401 with the session-timed-out code.
 */

const as = (merchantId: string) => ({
  bearer: true,
  headers: { [assumeMerchantHeader]: merchantId },
})
const path = (id: string) => encodeURIComponent(id)

/** A GET of the mode's merchant, cached under a key that holds the merchant id (keys.ts); failures are not retried. */
function merchantQuery<S extends v.GenericSchema>(
  queryKey: readonly unknown[],
  merchantId: string,
  url: string,
  schema: S,
  query?: Record<string, string | number | boolean>,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => call(url, schema, { ...as(merchantId), signal, query }), retry: false })
}

export const activateLiveMode = () =>
  call('/v1/dpSignup/salesforceActivate', activationData, {
    method: 'POST',
    bearer: true,
  })

// ── the home in one request ─────────────────────────────────────────────────────────────────────────────────
/**
 * GET /v1/dashboardHome (issue 20): everything myhome shows, one request per mode. Started by the route's loader with
 * the navigation (docs/dashboard.md "myhome in one request"); its profile also fills the profile query, so the header's
 * profile menu needs no call of its own once it has answered.
 */
export const dashboardHomeQuery = (accessToken: string | null, live: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.home(accessToken, live),
    queryFn: async ({ signal, client }) => {
      const home = await call('/v1/dashboardHome', dashboardHomeData, { bearer: true, signal, query: { live_mode: live } })
      client.setQueryData(profileKey(accessToken), home.profile)
      return home
    },
    enabled: accessToken !== null,
    staleTime: 30_000,
    retry: false,
  })

// ── keys ────────────────────────────────────────────────────────────────────────────────────────────────────
export const keysQuery = (merchantId: string) =>
  merchantQuery(dashboardKeys.keys(merchantId), merchantId, `/v1/d-panel/${path(merchantId)}/apiKey`, apiKeyListData)
export const generateKey = (merchantId: string) =>
  call(`/v1/d-panel/${path(merchantId)}/apiKey`, newApiKeyData, {
    ...as(merchantId),
    method: 'POST',
  })
export const revokeKey = (merchantId: string, apiKey: string) =>
  call(`/v1/d-panel/${path(merchantId)}/apiKey/${path(apiKey)}`, revokedApiKeyData, { ...as(merchantId), method: 'DELETE' })

// ── test users and top-up ─────────────────────────────────────────────────────────────────────────────────
export const merchantUsersQuery = (merchantId: string) =>
  merchantQuery(dashboardKeys.users(merchantId), merchantId, '/v1/homeDboard/getMerchantUsers', merchantUsersData)
export const topUpSandbox = (merchantId: string) =>
  call('/dev/user/v1merchantBalance', merchantTopUpData, {
    ...as(merchantId),
    method: 'PUT',
  })
export const topUpTestUser = (merchantId: string, testUserId: string) =>
  call(`/dev/user/v1merchantBalance/${path(testUserId)}`, merchantTopUpData, {
    ...as(merchantId),
    method: 'PUT',
  })

// ── transactions ──────────────────────────────────────────────────────────────────────────────────────────
export const transactionsQuery = (merchantId: string, live: boolean, page: number, perPage: number) =>
  merchantQuery(dashboardKeys.transactions(merchantId, live, page, perPage), merchantId, '/v1/getTransactions', transactionsData, {
    page_no: page,
    record_per_page: perPage,
    live_mode: live,
  })

export type DetailType = 'payment' | 'refund' | 'cashback'
const detailData = v.object({ detail: v.record(v.string(), v.unknown()) })
export const transactionDetailQuery = (merchantId: string, live: boolean, type: DetailType, id: string) =>
  merchantQuery(dashboardKeys.transaction(merchantId, type, id), merchantId, `/v1/getTransactions/${type}/${path(id)}`, detailData, {
    live_mode: live,
  })

// ── settings and products ─────────────────────────────────────────────────────────────────────────────────
export const settingsQuery = (merchantId: string) =>
  merchantQuery(dashboardKeys.settings(merchantId), merchantId, '/dev/v1/configSettings/getSettings', settingsData)
export const saveSettings = (merchantId: string, body: { webhook_url: string; redirect_domains: string[] }) =>
  call('/dev/v1/configSettings/updateSettings', settingsData, {
    ...as(merchantId),
    method: 'PATCH',
    body,
  })

/** Settings says how a `localhost` webhook URL is delivered on this server (docs/webhooks.md): from the webhook list. */
const webhookDeliveryData = v.object({ localDelivery: v.optional(v.picklist(['direct', 'forwarder'])) })
export const webhookDeliveryQuery = (merchantId: string) =>
  merchantQuery(['dashboard', 'webhook-delivery', merchantId], merchantId, '/dev/v1/sandbox/webhooks', webhookDeliveryData, { limit: 1 })

export const productScopesQuery = (merchantId: string) =>
  merchantQuery(dashboardKeys.products(merchantId), merchantId, '/dev/v1/user/getProducts', productScopesData)
export const saveProducts = (merchantId: string, products: number[]) =>
  call('/dev/v1/user/putProducts', productScopesData, {
    ...as(merchantId),
    method: 'PUT',
    body: { products },
  })
