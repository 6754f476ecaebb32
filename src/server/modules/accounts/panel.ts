import { Hono, type MiddlewareHandler } from 'hono'
import { apiKeyParams, type UserProfile } from '@/domain/account-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { apiKeyRevokeParams } from '@/domain/dashboard-api.ts'
import { limits } from '@/domain/limits.ts'
import type { AppDeps } from '../../deps.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { accountRepo, type User } from '../../store/account-repo.ts'
import { invalidParams, paramsIn } from '../../http/validator.ts'
import { success } from '../../http/answer.ts'
import type { AuthEnv } from '../../http/bearer.ts'
import { testUserView } from '../dashboard/routes.ts'
import { merchantFor } from '../../http/merchant-context.ts'
import * as api from '@/domain/account-api.ts'
import { revokedApiKeyData } from '@/domain/dashboard-api.ts'
import { signedIn, keyTool, status, type AccountFlows } from './flows.ts'
import { sandboxCommands } from '../sandbox/engine/index.ts'

const rules = limits.accounts

/** The signed-in developer's profile (spec §7 getUserProfile; also the first part of the dashboard home's answer). */
export async function userProfileOf(deps: AppDeps, user: User): Promise<UserProfile> {
  const owned = await merchantRepo(deps.store.db).findByOwner(user.id)
  const byAge = owned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const test = byAge.find((m) => m.mode === 'test')
  const live = byAge.find((m) => m.mode === 'live')
  const credential = test ? await accountRepo(deps.store.db).firstCredentialOf(test.id) : undefined
  return {
    user_id: user.id,
    email_id: user.email,
    client_api_key: credential?.apiKey ?? null,
    client_api_secret: credential?.apiSecret ?? null,
    merchant_id: test?.id ?? null,
    merchant_name: test?.name || 'Merchant Name',
    logo_url: test?.logoUrl ?? null,
    registration_date: user.createdAt.toISOString(),
    live_merchant_id: live?.id ?? null,
    external_user_id: user.externalUserId,
    products: test?.products ?? [],
    status: status(user),
  }
}

/** The active keys of a merchant, oldest first, with a hint of each secret (never the secret). */
export async function keySummariesOf(deps: AppDeps, merchantId: string) {
  const keys = await merchantRepo(deps.store.db).credentialsOf(merchantId)
  return keys
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((k) => ({
      api_key: k.apiKey,
      api_secret_hint: `••••${k.apiSecret.slice(-4)}`,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    }))
}

/**
 * `/v1/homeDboard` and `/v1/d-panel` (spec §7): the signed-in developer's profile, the merchant's users, the panel
 * registration and the API keys (list, generate, revoke). docs/accounts.md, docs/dashboard.md.
 */
export function panelRoutes(deps: AppDeps, flows: AccountFlows, auth: MiddlewareHandler<AuthEnv>) {
  const homeDboard = new Hono<AuthEnv>()
  const dPanel = new Hono<AuthEnv>()
  const { repo } = flows
  const engine = deps.sandbox
  const testUsersOf = (merchantId: string) => sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchantId))

  // ── dashboard ───────────────────────────────────────────────────────────────────────────────────────────
  homeDboard.get('/getUserProfile', signedIn({ summary: 'Profile of the signed-in user', data: api.userProfileSchema }), auth, async (c) => {
    return success(c, await userProfileOf(deps, c.get('auth').user))
  })

  homeDboard.get('/getMerchantUsers', signedIn({ summary: 'Users of the merchant', data: api.merchantUsersData }), auth, async (c) => {
    const { user } = c.get('auth')
    const merchant = await repo.merchantOf(user.id)
    const users = await repo.usersOfMerchant(user.id)
    // the sandbox test users (username and balance, spec §3) of the mode's merchant (X-ASSUME-MERCHANT honoured)
    const modeMerchant = merchant ? await merchantFor(deps, c, user) : undefined
    const testUsers = modeMerchant ? await testUsersOf(modeMerchant.id) : []
    return success(c, {
      merchant_id: modeMerchant?.id ?? null,
      users: users.map((u) => ({ user_id: u.id, email_id: u.email, role: 'OWNER', registration_date: u.createdAt.toISOString() })),
      test_users: testUsers.map(testUserView),
    })
  })

  // Decision (spec: "not shown"): confirms the developer-panel registration of the signed-in user.
  dPanel.get('/user/register', signedIn({ summary: 'Register the user in the developer panel', data: api.dPanelRegisterData }), auth, async (c) => {
    const { user } = c.get('auth')
    const merchant = await repo.merchantOf(user.id)
    return success(c, { user_id: user.id, merchant_id: merchant?.id ?? null, status: status(user) }, { status: 'S' })
  })

  const ownedMerchant = async (userId: string, merchantId: string) => {
    const merchant = await merchantRepo(deps.store.db).findById(merchantId)
    if (!merchant || merchant.ownerUserId !== userId) throw new ApiError('RESOURCE_NOT_FOUND')
    return merchant
  }

  const listKeys = keyTool({
    summary: 'Active API keys of one of your merchants: creation and last use (secrets never listed)',
    data: api.apiKeyListData,
  })
  dPanel.get('/:id/apiKey', listKeys, auth, paramsIn(apiKeyParams, invalidParams('RESOURCE_NOT_FOUND')), async (c) => {
    const { user } = c.get('auth')
    const { id } = c.req.valid('param')
    const merchant = await ownedMerchant(user.id, id)
    return success(c, { merchant_id: merchant.id, keys: await keySummariesOf(deps, merchant.id) })
  })

  dPanel.post(
    '/:id/apiKey',
    keyTool({ summary: 'Generate an API key pair; the secret is answered this once', data: api.newApiKeyData }),
    auth,
    paramsIn(apiKeyParams, invalidParams('RESOURCE_NOT_FOUND')),
    async (c) => {
      const { user } = c.get('auth')
      const { id } = c.req.valid('param')
      const merchant = await ownedMerchant(user.id, id)
      const merchants = merchantRepo(deps.store.db)
      if ((await merchants.credentialsOf(merchant.id)).length >= rules.maxActiveApiKeys) throw new ApiError('API_KEY_LIMIT')
      const credential = await merchants.issueCredential(merchant.id)
      return success(c, {
        merchant_id: merchant.id,
        api_key: credential.apiKey,
        api_secret: credential.apiSecret,
        created_at: credential.createdAt.toISOString(),
      })
    },
  )

  // ── keys: revoke ──────────────────────────────────────────────────────────────────────────────────────
  const revoke = keyTool({
    summary: 'Revoke an API key: the sandbox refuses it from the next request (never the last active key)',
    data: revokedApiKeyData,
  })
  dPanel.delete('/:id/apiKey/:apiKey', revoke, auth, paramsIn(apiKeyRevokeParams, invalidParams('API_KEY_NOT_FOUND')), async (c) => {
    const { user } = c.get('auth')
    const { id, apiKey } = c.req.valid('param')
    const merchants = merchantRepo(deps.store.db)
    const merchant = await merchants.findById(id)
    if (!merchant || merchant.ownerUserId !== user.id) throw new ApiError('RESOURCE_NOT_FOUND')
    const active = await merchants.credentialsOf(merchant.id)
    if (!active.some((k) => k.apiKey === apiKey)) throw new ApiError('API_KEY_NOT_FOUND')
    if (active.length <= 1) throw new ApiError('API_KEY_LAST')
    const revoked = await merchants.revokeCredential(merchant.id, apiKey, deps.clock.now())
    if (!revoked) throw new ApiError('API_KEY_NOT_FOUND')
    return success(c, { merchant_id: merchant.id, api_key: revoked.apiKey, revoked_at: revoked.revokedAt!.toISOString() })
  })

  return { homeDboard, dPanel }
}
