import {
  creatorOf,
  demoKeyFor,
  labEndpointById,
  labGroupOf,
  merchantIdPrefixOf,
  prerequisiteIdPrefixOf,
  type DemoKeyKind,
  type IdKind,
  type LabEndpoint,
  type LabEndpointId,
  type ScenarioId,
} from './lab.ts'
import { labScenarioPlansOf } from './lab-content.ts'
import type { ProductModel } from './products.ts'

/**
 * The payment lab's test panel, the part that is data (spec §3 "test panel state", §4 scenarios, §9 demo amounts
 * and merchant payment id prefixes): the active item, which request an endpoint sends, and what an answer adds to
 * the item. Pure; the panel's machine (machines/test-panel.machine.ts) decides when, the portal signs and sends.
 * The rules of which key, which creator and which prefix are lab.ts's; nothing here repeats them.
 */

/** Spec §3 active item (field names as the spec spells them, `isAuthorzation` included). */
export interface ActiveItem {
  merchantPaymentId: string | null
  userAuthorizationId: string | null
  requestedAt: number | null
  amount: number | null
  currency: 'JPY'
  orderDescription: string | null
  isAuthorzation: boolean
  codesId: string | null
  merchantRefundId: string | null
  paymentId: string | null
  merchantCaptureId: string | null
  merchantRevertId: string | null
}

export const emptyItem: ActiveItem = {
  merchantPaymentId: null,
  userAuthorizationId: null,
  requestedAt: null,
  amount: null,
  currency: 'JPY',
  orderDescription: null,
  isAuthorzation: false,
  codesId: null,
  merchantRefundId: null,
  paymentId: null,
  merchantCaptureId: null,
  merchantRevertId: null,
}

/** Spec §9 placeholder user authorization id, sent when the panel has none (the sandbox then answers its published error). */
export const placeholderUserAuthorizationId = '1234567890'

/** The item's value for an endpoint's path id. */
export function pathIdOf(item: ActiveItem, kind: IdKind): string | null {
  return kind === 'codeId' ? item.codesId : kind === 'merchantRefundId' ? item.merchantRefundId : item.merchantPaymentId
}

export interface PanelCallPlan {
  endpointId: LabEndpointId
  key: DemoKeyKind
  /** Send an empty path id on purpose (spec §4: provoke the server's error). */
  emptyId: boolean
  /** Ask for 0 yen (the request-order scenario of spec §9). */
  zeroAmount?: boolean
}

/** What the panel does when Run is pressed: the endpoint's key by the WIT/WOT rule, and whether the path id is left empty on purpose. */
export function planRun(model: ProductModel, endpointId: LabEndpointId, scenario: ScenarioId, isAuthorized: boolean): PanelCallPlan {
  const group = labGroupOf[model]
  const endpoint = labEndpointById(endpointId)!
  const chosen = labScenarioPlansOf(group, endpoint).find((s) => s.id === scenario)
  const emptyId = chosen?.emptyId ?? false
  return { endpointId, key: demoKeyFor(group, scenario, isAuthorized), emptyId, ...(chosen?.zeroAmount ? { zeroAmount: true } : {}) }
}

/** The endpoint to call first (with the developer's own key) because the target needs an id the item lacks; null: none. */
export function creatorFor(model: ProductModel, plan: PanelCallPlan, item: ActiveItem): LabEndpointId | null {
  const endpoint = labEndpointById(plan.endpointId)!
  if (plan.emptyId || !endpoint.idKind || pathIdOf(item, endpoint.idKind)) return null
  return creatorOf(model, endpoint)
}

export interface DemoRequest {
  endpointId: LabEndpointId
  method: LabEndpoint['method']
  /** Demo API path with the path id and query filled in. */
  path: string
  body: Record<string, unknown> | null
}

export interface RequestContext {
  item: ActiveItem
  userAuthorizationId: string
  /** Fresh unique suffix (a UUID) for merchant ids. */
  newId: () => string
  /** Epoch seconds. */
  now: number
  /** 1000…9999 for request orders (spec §9). */
  randomAmount: () => number
}

const merchantIdFor = (endpointId: LabEndpointId, suffix: string, prerequisite = false) => {
  const prefix = (prerequisite ? prerequisiteIdPrefixOf[endpointId] : undefined) ?? merchantIdPrefixOf[endpointId] ?? 'DEVELOPER-PANEL-'
  return `${prefix}${prefix.endsWith('-') ? '' : '-'}${suffix}`
}
const jpy = (amount: number) => ({ amount, currency: 'JPY' as const })

/** The request an endpoint sends for the current item (spec §9 demo amounts: 1 for payments, 1000 for codes and subscriptions). */
export function demoRequestFor(
  endpointId: LabEndpointId,
  ctx: RequestContext,
  emptyId = false,
  /** `create`: the call makes an id another endpoint needs (spec §9 -PSTPP / -RFUND ids); `zeroAmount`: the 0-yen scenario. */
  options: { purpose?: 'create' | 'send'; zeroAmount?: boolean } = {},
): DemoRequest {
  const prerequisite = options.purpose === 'create'
  const endpoint = labEndpointById(endpointId)!
  const { item } = ctx
  const user = ctx.userAuthorizationId.trim() || placeholderUserAuthorizationId
  const id = emptyId || !endpoint.idKind ? '' : (pathIdOf(item, endpoint.idKind) ?? '')
  let path = endpoint.demoPath.replace('{id}', encodeURIComponent(id))
  const query = new URLSearchParams()
  const order = (amount: number, description: string) => ({
    merchantPaymentId: merchantIdFor(endpointId, ctx.newId(), prerequisite),
    userAuthorizationId: user,
    amount: jpy(amount),
    requestedAt: ctx.now,
    orderDescription: description,
  })
  let body: Record<string, unknown> | null = null
  switch (endpointId) {
    case 'postCodes':
      body = {
        merchantPaymentId: merchantIdFor(endpointId, ctx.newId()),
        amount: jpy(1000),
        codeType: 'ORDER_QR',
        orderDescription: 'PayLab lab: demo cake',
        requestedAt: ctx.now,
        isAuthorization: false,
      }
      break
    case 'postPayments':
      query.set('agreeSimilarTransaction', 'true')
      body = order(1, 'PayLab lab: payment')
      break
    case 'postPreauthorizePayments':
      query.set('agreeSimilarTransaction', 'true')
      body = order(1, 'PayLab lab: pre-authorization')
      break
    case 'postSubscriptionPayments':
      body = order(1000, 'PayLab lab: continuous payment')
      break
    case 'postRequestOrder':
      body = order(options.zeroAmount ? 0 : ctx.randomAmount(), 'PayLab lab: request money')
      break
    case 'postRefunds':
      body = {
        merchantRefundId: merchantIdFor(endpointId, ctx.newId(), prerequisite),
        paymentId: item.paymentId ?? '',
        amount: jpy(item.amount ?? 1),
        requestedAt: ctx.now,
        reason: 'PayLab lab refund',
      }
      break
    case 'postCapturePayments':
      body = {
        merchantPaymentId: item.merchantPaymentId ?? '',
        merchantCaptureId: merchantIdFor(endpointId, ctx.newId()),
        amount: jpy(item.amount ?? 1),
        requestedAt: ctx.now,
        orderDescription: 'PayLab lab: capture',
      }
      break
    case 'postRevertPreauthorizePayments':
      body = { merchantRevertId: merchantIdFor(endpointId, ctx.newId()), paymentId: item.paymentId ?? '', requestedAt: ctx.now, reason: 'PayLab lab revert' }
      break
    case 'getRefunds':
      if (item.paymentId) query.set('paymentId', item.paymentId)
      break
    case 'getCheckBalanceWallet':
      query.set('userAuthorizationId', user)
      query.set('amount', String(item.amount ?? 1))
      query.set('currency', 'JPY')
      break
    case 'getAuthorizationsUser':
    case 'getSecureProfileUser':
      query.set('userAuthorizationId', user)
      break
    default:
      break
  }
  if (query.size) path += `?${query}`
  return { endpointId, method: endpoint.method, path, body }
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** The item after a 2xx answer: what the request sent and what the answer issued (codeId, paymentId). */
export function itemAfter(item: ActiveItem, request: DemoRequest, status: number, answer: unknown): ActiveItem {
  if (status < 200 || status > 299) return item
  const data = ((answer as { data?: unknown } | null)?.data ?? {}) as Record<string, unknown>
  const body = request.body ?? {}
  const amount = (body.amount as { amount?: number } | undefined)?.amount
  const next: ActiveItem = { ...item }
  if (
    request.method === 'POST' &&
    request.endpointId.startsWith('post') &&
    !['postRefunds', 'postCapturePayments', 'postRevertPreauthorizePayments'].includes(request.endpointId)
  ) {
    Object.assign(next, {
      merchantPaymentId: str(body.merchantPaymentId) ?? next.merchantPaymentId,
      userAuthorizationId: str(body.userAuthorizationId) ?? next.userAuthorizationId,
      requestedAt: typeof body.requestedAt === 'number' ? body.requestedAt : next.requestedAt,
      amount: amount ?? next.amount,
      orderDescription: str(body.orderDescription) ?? next.orderDescription,
      codesId: str(data.codeId) ?? (request.endpointId === 'postCodes' ? null : next.codesId),
      paymentId: str(data.paymentId),
      merchantRefundId: null,
      merchantCaptureId: null,
      merchantRevertId: null,
    })
  }
  if (request.endpointId === 'postRefunds') next.merchantRefundId = str(body.merchantRefundId)
  if (request.endpointId === 'postCapturePayments') next.merchantCaptureId = str(body.merchantCaptureId)
  if (request.endpointId === 'postRevertPreauthorizePayments') next.merchantRevertId = str(body.merchantRevertId)
  if (request.method === 'GET') next.paymentId = str(data.paymentId) ?? next.paymentId
  return next
}
