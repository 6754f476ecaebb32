import { Hono } from 'hono'
import { productScopesData, putProductsRequest } from '@/domain/dashboard-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { labEndpointById, labEndpointsOf } from '@/domain/lab.ts'
import { authorizationScopesOf, productById, products } from '@/domain/products.ts'
import { settingsData, updateSettingsRequest } from '@/domain/settings.ts'
import type { AppDeps } from '../../deps.ts'
import { dashboardRepo, type MerchantSettings } from '../../store/dashboard-repo.ts'
import { merchantRepo, type Merchant } from '../../store/merchant-repo.ts'
import { jsonIn } from '../../http/validator.ts'
import { webhookService } from '../sandbox/webhooks/webhooks.ts'
import { success } from '../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../http/bearer.ts'
import { merchantFor } from '../../http/merchant-context.ts'
import { describe, type OperationDoc } from '../../http/openapi.ts'

/** A portal call of the developer tools in `/openapi.json`. */
const tool = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Developer tools', security: 'bearer', ...op })

const settingsView = (merchantId: string, s: MerchantSettings | undefined) => ({
  merchant_id: merchantId,
  webhook_url: s?.webhookUrl ?? null,
  redirect_domains: s?.redirectDomains ?? [],
  qr_auto_cancel: s?.qrAutoCancel ?? true,
  updated_at: s?.updatedAt.toISOString() ?? null,
})

/** Each product with whether the merchant has it and what it opens (Settings → OPA Scopes). */
const productScopesView = (merchant: Merchant) => ({
  merchant_id: merchant.id,
  products: products.map((p) => ({
    id: p.id,
    model: p.model,
    name: p.name,
    selected: merchant.products.includes(p.model),
    authorization_scopes: [...authorizationScopesOf[p.model]],
    endpoints: [
      ...new Set(
        labEndpointsOf[p.model].map((id) => {
          const e = labEndpointById(id)!
          return `${e.method} ${e.sandboxPath}`
        }),
      ),
    ],
  })),
})

/**
 * Settings of spec §2 (tabs Configuration, API Keys, OPA Scopes) and §7: webhook URL and allowed redirect domains
 * of the mode's merchant, and its products — the scopes the sandbox grants its keys (a product removed here makes
 * the sandbox answer OP_OUT_OF_SCOPE on that product's endpoints at once). docs/dashboard.md.
 */
export function settingsRoutes(deps: AppDeps) {
  const configSettings = new Hono<AuthEnv>()
  const user = new Hono<AuthEnv>()
  const auth = requireUser(deps)
  const repo = dashboardRepo(deps.store.db)

  const getSettings = tool({ summary: "Webhook URL and allowed redirect domains of the mode's merchant", data: settingsData })
  configSettings.get('/getSettings', getSettings, auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    return success(c, settingsView(merchant.id, await repo.settingsOf(merchant.id)))
  })

  const updateSettings = tool({ summary: 'Change the webhook URL and/or the allowed redirect domains', data: settingsData })
  configSettings.patch('/updateSettings', updateSettings, auth, jsonIn(updateSettingsRequest), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const body = c.req.valid('json')
    const saved = await repo.saveSettings(
      merchant.id,
      {
        ...(body.webhook_url !== undefined ? { webhookUrl: body.webhook_url || null } : {}),
        ...(body.redirect_domains !== undefined ? { redirectDomains: body.redirect_domains } : {}),
        ...(body.qr_auto_cancel !== undefined ? { qrAutoCancel: body.qr_auto_cancel } : {}),
      },
      deps.clock.now(),
    )
    if (body.webhook_url !== undefined) await webhookService(deps).urlChanged(merchant.id)
    return success(c, settingsView(merchant.id, saved))
  })

  const getProducts = tool({
    summary: 'Products with the OPA endpoints and user scopes each grants; selected = the merchant has it',
    data: productScopesData,
  })
  user.get('/getProducts', getProducts, auth, async (c) => {
    return success(c, productScopesView(await merchantFor(deps, c, c.get('auth').user)))
  })

  const putProducts = tool({ summary: 'Choose the products (at least one); the sandbox applies the scopes at once', data: productScopesData })
  user.put('/putProducts', putProducts, auth, jsonIn(putProductsRequest), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const body = c.req.valid('json')
    const chosen = [...new Set(body.products)].map((id) => productById(id))
    if (chosen.some((p) => !p)) throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'products', message: 'unknown product id' }] } })
    const updated = await merchantRepo(deps.store.db).setProducts(
      merchant.id,
      chosen.map((p) => p!.model),
    )
    return success(c, productScopesView(updated ?? merchant))
  })

  return { devV1: { '/configSettings': configSettings, '/user': user } }
}
