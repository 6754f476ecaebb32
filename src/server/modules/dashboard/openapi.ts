import * as v from 'valibot'
import * as account from '@/domain/account-api.ts'
import * as dashboard from '@/domain/dashboard-api.ts'
import { labEndpoints } from '@/domain/lab.ts'
import { settingsData, updateSettingsRequest } from '@/domain/settings.ts'
import { registerOperations } from '../../content/openapi.ts'

/** The developer's tools (issue 12) in `/openapi.json`; registered when the route modules load. docs/dashboard.md. */
const bearer = 'bearer' as const
const tag = 'Developer tools'
const idParams = v.object({ id: v.string() })

registerOperations([
  {
    method: 'get',
    path: '/v1/d-panel/{id}/apiKey',
    tag,
    summary: 'Active API keys of one of your merchants: creation and last use (secrets never listed)',
    security: bearer,
    params: account.apiKeyParams,
    data: account.apiKeyListData,
  },
  {
    method: 'post',
    path: '/v1/d-panel/{id}/apiKey',
    tag,
    summary: 'Generate an API key pair; the secret is answered this once',
    security: bearer,
    params: account.apiKeyParams,
    data: account.newApiKeyData,
  },
  {
    method: 'delete',
    path: '/v1/d-panel/{id}/apiKey/{apiKey}',
    tag,
    summary: 'Revoke an API key: the sandbox refuses it from the next request (never the last active key)',
    security: bearer,
    params: dashboard.apiKeyRevokeParams,
    data: dashboard.revokedApiKeyData,
  },
  {
    method: 'put',
    path: '/dev/user/v1merchantBalance',
    tag,
    summary: "Top up every test user of the mode's merchant, once per month (X-ASSUME-MERCHANT)",
    security: bearer,
    data: dashboard.merchantTopUpData,
  },
  {
    method: 'put',
    path: '/dev/user/v1merchantBalance/{testUserId}',
    tag,
    summary: 'Top up one test user, once per month',
    security: bearer,
    params: dashboard.testUserParams,
    data: dashboard.merchantTopUpData,
  },
  {
    method: 'get',
    path: '/v1/getTransactions',
    tag,
    summary: "The mode's merchant's sandbox payments, refunds and cashbacks, newest first, paged",
    security: bearer,
    query: dashboard.transactionsQuery,
    data: dashboard.transactionsData,
  },
  {
    method: 'get',
    path: '/v1/getTransactions/{type}/{id}',
    tag,
    summary: 'One transaction in its published shape (payment, refund or cashback details)',
    security: bearer,
    params: dashboard.transactionDetailParams,
    query: dashboard.transactionDetailQuery,
  },
  {
    method: 'get',
    path: '/dev/v1/configSettings/getSettings',
    tag,
    summary: "Webhook URL and allowed redirect domains of the mode's merchant",
    security: bearer,
    data: settingsData,
  },
  {
    method: 'patch',
    path: '/dev/v1/configSettings/updateSettings',
    tag,
    summary: 'Change the webhook URL and/or the allowed redirect domains',
    security: bearer,
    body: updateSettingsRequest,
    data: settingsData,
  },
  {
    method: 'get',
    path: '/dev/v1/user/getProducts',
    tag,
    summary: 'Products with the OPA endpoints and user scopes each grants; selected = the merchant has it',
    security: bearer,
    data: dashboard.productScopesData,
  },
  {
    method: 'put',
    path: '/dev/v1/user/putProducts',
    tag,
    summary: 'Choose the products (at least one); the sandbox applies the scopes at once',
    security: bearer,
    body: dashboard.putProductsRequest,
    data: dashboard.productScopesData,
  },
  {
    method: 'get',
    path: '/dev/paylablab/{group}',
    tag,
    summary: 'Lab endpoints per product model with scenarios and responses (cached 30 minutes)',
    params: dashboard.labParams,
    query: dashboard.labQuery,
  },
  {
    method: 'get',
    path: '/dev/v1/resolve',
    tag,
    summary: 'Explain a response code: meaning, likely cause, fix, where the lab reproduces it; near matches when unknown',
    query: dashboard.resolveQuery,
  },
  ...labEndpoints.map((e) => ({
    method: e.method.toLowerCase() as 'get' | 'post' | 'delete',
    path: e.demoPath,
    tag: 'Demo API (test panel)',
    summary: `${e.name.message}: forwarded to ${e.method} ${e.sandboxPath}. Headers tfAuthKey (portal access token), Authorization (OPA-Auth over this path, '/api' and '/dev-panel' removed), X-ASSUME-MERCHANT`,
    security: 'opaAuth' as const,
    ...(e.demoPath.includes('{id}') ? { params: idParams } : {}),
  })),
])
