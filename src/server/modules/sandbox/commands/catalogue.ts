import { grantsAnyProduct } from '@/domain/products.ts'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { MerchantPaymentIdSimpleSchema, UserAuthorizationIdSchema } from '@/domain/opa-schemas.ts'
import { resolveCode } from '@/domain/resolver.ts'
import { i18nFor } from '../../../i18n.ts'
import { idRandomBytes, sandboxIdsSeeded } from '../../../store/sandbox-ids.ts'
import { sandboxCommands as engine } from '../engine/index.ts'
import { codeView, paymentView, refundView } from '../engine/views.ts'
import { command, requireProduct, type Command, type CommandCtx } from './command.ts'
import { toolCommands } from './catalogue-tools.ts'

const d = v.description
const yen = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99_999_999_999), d('Amount in yen (a positive integer).'))
const merchantPaymentId = v.pipe(MerchantPaymentIdSimpleSchema, d('Your id of the order (a-z A-Z 0-9 - _, ≤64).'))
const optionalPaymentId = v.optional(v.pipe(MerchantPaymentIdSimpleSchema, d('Your id of the order; one is made up when omitted.')))
const username = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64), d('A test user of your sandbox: taro, hanako, jiro … (list_test_users).'))
const text255 = (what: string) => v.optional(v.pipe(v.string(), v.maxLength(255), d(what)))

/** A made-up id of an order, refund …: time and random, or under SANDBOX_SEED the seeded generator's alone. */
const newId = (prefix: string) =>
  sandboxIdsSeeded()
    ? `${prefix}-${idRandomBytes(`command:${prefix}`, 6).toString('hex')}`
    : `${prefix}-${Date.now().toString(36)}-${idRandomBytes('', 4).toString('hex')}`
const epochNow = (ctx: CommandCtx) => Math.floor(ctx.deps.clock.nowMs(ctx.merchantId) / 1000)
const m = (ctx: CommandCtx) => ctx.deps.sandbox.forMerchant(ctx.merchantId)

/** The order of this merchant (another merchant's id is not found, as on the API). */
async function orderOf(ctx: CommandCtx, id: string) {
  return engine.payments.getPayment(m(ctx), { merchantPaymentId: id })
}
async function paymentOf(ctx: CommandCtx, id: string) {
  const row = await orderOf(ctx, id)
  return paymentView(row, await engine.payments.refundsOf(ctx.deps.sandbox.ctx, { paymentId: row.paymentId }), true)
}

/** A code of this merchant by its id or its cashier URL (`…/sandbox/cashier/<codeId>`). */
async function codeOf(ctx: CommandCtx, code: string) {
  const codeId = /\/sandbox\/cashier\/([^/?#]+)/.exec(code)?.[1] ?? code
  const row = await engine.codes.findCodeOrder(m(ctx), { codeId })
  if (!row || row.codeDeleted) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
  return row
}

async function testUserOf(ctx: CommandCtx, name: string) {
  await engine.testUsers.ensureTestUsers(m(ctx))
  const user = await engine.testUsers.findTestUserByName(m(ctx), { username: name })
  if (!user) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
  return user
}

const payOutcomes = ['success', 'insufficient_balance', 'user_cancel'] as const

/** The payer's side of a code: pays it, refuses it for want of balance (nothing changes), or cancels it. */
async function payCode(ctx: CommandCtx, input: { code: string; user: string; outcome: (typeof payOutcomes)[number] }) {
  const row = await codeOf(ctx, input.code)
  const user = await testUserOf(ctx, input.user)
  const sandbox = ctx.deps.sandbox.ctx
  if (input.outcome === 'insufficient_balance') {
    // what the wallet shows a payer short of money: NO_SUFFICIENT_FUND, and the code stays payable
    const entry = resolveCode({ code: 'NO_SUFFICIENT_FUND' }, i18nFor(ctx.lang)).entry
    return { outcome: 'refused', code: 'NO_SUFFICIENT_FUND', meaning: entry?.meaning ?? null, payment: await paymentOf(ctx, row.merchantPaymentId) }
  }
  if (input.outcome === 'user_cancel') await engine.codes.cancelCodeByUser(sandbox, { codeId: row.codeId! })
  else await engine.codes.payCode(sandbox, { codeId: row.codeId!, testUserId: user.id })
  return { outcome: input.outcome, payment: await paymentOf(ctx, row.merchantPaymentId) }
}

async function createCode(ctx: CommandCtx, input: { amount: number; merchantPaymentId?: string; orderDescription?: string; isAuthorization?: boolean }) {
  requireProduct(ctx, 'qrcode', 'webcashier', 'appinvoke', 'preauth_capture')
  if (input.isAuthorization && !grantsAnyProduct(ctx.products, 'preauth_capture')) throw new ApiError('PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT')
  const row = await engine.codes.createCode(m(ctx), {
    merchantPaymentId: input.merchantPaymentId ?? newId('paylab'),
    amount: { amount: input.amount, currency: 'JPY' },
    codeType: 'ORDER_QR',
    requestedAt: epochNow(ctx),
    ...(input.orderDescription !== undefined ? { orderDescription: input.orderDescription } : {}),
    ...(input.isAuthorization ? { isAuthorization: true } : {}),
  })
  return codeView(row, ctx.origin)
}

async function refund(ctx: CommandCtx, input: { merchantPaymentId: string; amount?: number; merchantRefundId?: string; reason?: string }) {
  const order = await orderOf(ctx, input.merchantPaymentId)
  const row = await engine.refunds.refund(m(ctx), {
    merchantRefundId: input.merchantRefundId ?? newId('refund'),
    paymentId: order.paymentId,
    amount: { amount: input.amount ?? order.amount, currency: 'JPY' },
    requestedAt: epochNow(ctx),
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
  })
  return refundView(row, 'CREATED')
}

/** What `trigger` makes for each event (the objects created, then moved to the event's state). */
export const triggerEvents = ['payment.completed', 'payment.authorized', 'payment.canceled', 'payment.refunded', 'payment.failed'] as const

const TriggerSchema = v.object({
  event: v.pipe(v.picklist(triggerEvents), d(`The event to cause: ${triggerEvents.join(', ')}.`)),
  amount: v.optional(yen, 1000),
  merchantPaymentId: optionalPaymentId,
  orderDescription: text255('Description of the order.'),
  user: v.optional(username, 'taro'),
})

async function trigger(ctx: CommandCtx, input: v.InferOutput<typeof TriggerSchema>) {
  const user = await testUserOf(ctx, input.user)
  const code = await createCode(ctx, {
    amount: input.amount,
    merchantPaymentId: input.merchantPaymentId,
    orderDescription: input.orderDescription,
    isAuthorization: input.event === 'payment.authorized',
  })
  const sandbox = ctx.deps.sandbox.ctx
  if (input.event === 'payment.failed') await engine.codes.cancelCodeByUser(sandbox, { codeId: code.codeId })
  else await engine.codes.payCode(sandbox, { codeId: code.codeId, testUserId: user.id })
  if (input.event === 'payment.canceled') await engine.payments.cancelPayment(m(ctx), { merchantPaymentId: code.merchantPaymentId })
  if (input.event === 'payment.refunded') await refund(ctx, { merchantPaymentId: code.merchantPaymentId })
  return { event: input.event, payment: await paymentOf(ctx, code.merchantPaymentId) }
}

/** Every command, in the order `paylab --help` and the MCP tool list show them. */
export const commands: Command[] = [
  command({
    name: 'trigger',
    description:
      'Cause a payment event end to end in the sandbox: creates a QR code, has a test user pay it (or cancel it) and moves it to the state of the event, so its webhook is sent. Fields override the defaults (amount 1000 yen, user taro) and are validated before anything is created. Answers the payment.',
    input: TriggerSchema,
    run: trigger,
  }),
  command({
    name: 'create_qr_code',
    description:
      'Create a dynamic QR code (POST /v2/codes) for an amount in yen. Answers codeId, url (the cashier page a test user pays on), merchantPaymentId. Use pay_code next to pay it as a test user.',
    input: v.object({
      amount: yen,
      merchantPaymentId: optionalPaymentId,
      orderDescription: text255('Description of the order.'),
      isAuthorization: v.optional(v.pipe(v.boolean(), d('true: a pre-authorisation to capture later.'))),
    }),
    run: createCode,
  }),
  command({
    name: 'pay_code',
    description:
      'Act as the payer of a QR code: a test user pays it (success), the wallet refuses it for want of balance (insufficient_balance: nothing changes) or the user cancels on the cashier page (user_cancel). Answers the outcome and the payment.',
    input: v.object({
      code: v.pipe(v.string(), v.minLength(1), v.maxLength(2048), d('The codeId or the cashier url of create_qr_code.')),
      user: v.optional(username, 'taro'),
      outcome: v.optional(v.pipe(v.picklist(payOutcomes), d('success (default), insufficient_balance or user_cancel.')), 'success'),
    }),
    run: payCode,
  }),
  command({
    name: 'create_payment',
    description: 'Create a native payment (POST /v2/payments) from a linked test user (link_test_user gives the userAuthorizationId). Answers the payment.',
    input: v.object({
      userAuthorizationId: UserAuthorizationIdSchema,
      amount: yen,
      merchantPaymentId: optionalPaymentId,
      orderDescription: text255('Description.'),
    }),
    run: async (ctx, input) => {
      requireProduct(ctx, 'autodebit')
      const row = await engine.payments.createPayment(m(ctx), {
        merchantPaymentId: input.merchantPaymentId ?? newId('paylab'),
        userAuthorizationId: input.userAuthorizationId,
        amount: { amount: input.amount, currency: 'JPY' },
        requestedAt: epochNow(ctx),
        agreeSimilarTransaction: true,
        ...(input.orderDescription !== undefined ? { orderDescription: input.orderDescription } : {}),
      })
      return paymentView(row, [], true)
    },
  }),
  command({
    name: 'create_preauthorization',
    description: 'Authorise an amount on a linked test user to capture later (POST /v2/payments/preauthorize). Answers the payment (AUTHORIZED).',
    input: v.object({ userAuthorizationId: UserAuthorizationIdSchema, amount: yen, merchantPaymentId: optionalPaymentId }),
    run: async (ctx, input) => {
      requireProduct(ctx, 'preauth_capture')
      const row = await engine.payments.preauthorize(m(ctx), {
        merchantPaymentId: input.merchantPaymentId ?? newId('paylab'),
        userAuthorizationId: input.userAuthorizationId,
        amount: { amount: input.amount, currency: 'JPY' },
        requestedAt: epochNow(ctx),
        agreeSimilarTransaction: true,
      })
      return paymentView(row, [], true)
    },
  }),
  command({
    name: 'get_payment',
    description:
      'Read a payment by your merchantPaymentId (GET /v2/payments/{id}): status (CREATED, AUTHORIZED, COMPLETED, REFUNDED, CANCELED, FAILED, EXPIRED), refunds, captures.',
    input: v.object({ merchantPaymentId }),
    run: (ctx, input) => paymentOf(ctx, input.merchantPaymentId),
  }),
  command({
    name: 'cancel_payment',
    description: 'Cancel a payment (DELETE /v2/payments/{id}); answers the payment after the cancel.',
    input: v.object({ merchantPaymentId }),
    run: async (ctx, input) => {
      await orderOf(ctx, input.merchantPaymentId)
      await engine.payments.cancelPayment(m(ctx), { merchantPaymentId: input.merchantPaymentId })
      return paymentOf(ctx, input.merchantPaymentId)
    },
  }),
  command({
    name: 'refund_payment',
    description: 'Refund a completed payment, wholly (default) or partly (POST /v2/refunds). Answers the refund.',
    input: v.object({
      merchantPaymentId,
      amount: v.optional(yen),
      merchantRefundId: v.optional(MerchantPaymentIdSimpleSchema),
      reason: text255('Reason for the refund.'),
    }),
    run: refund,
  }),
  command({
    name: 'capture_payment',
    description: 'Capture an authorised payment (POST /v2/payments/capture), the whole authorised amount unless amount is given.',
    input: v.object({ merchantPaymentId, amount: v.optional(yen), merchantCaptureId: v.optional(MerchantPaymentIdSimpleSchema) }),
    run: async (ctx, input) => {
      const order = await orderOf(ctx, input.merchantPaymentId)
      const result = await engine.preauth.capture(m(ctx), {
        merchantPaymentId: input.merchantPaymentId,
        merchantCaptureId: input.merchantCaptureId ?? newId('capture'),
        amount: { amount: input.amount ?? order.amount, currency: 'JPY' },
        requestedAt: epochNow(ctx),
        orderDescription: 'capture',
      })
      return result.status === 202 ? { status: 'USER_CONFIRMATION_REQUIRED' } : result.data
    },
  }),
  command({
    name: 'revert_authorization',
    description: 'Release an authorised payment without capturing it (POST /v2/payments/preauthorize/revert).',
    input: v.object({ merchantPaymentId, reason: text255('Reason.') }),
    run: async (ctx, input) => {
      const order = await orderOf(ctx, input.merchantPaymentId)
      return engine.preauth.revert(m(ctx), {
        merchantRevertId: newId('revert'),
        paymentId: order.paymentId,
        requestedAt: epochNow(ctx),
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
      })
    },
  }),
  command({
    name: 'link_test_user',
    description:
      'Link a test user to your merchant as if they approved the consent page (every scope). Answers the userAuthorizationId that create_payment and create_preauthorization take.',
    input: v.object({ user: v.optional(username, 'taro') }),
    run: async (ctx, input) => {
      const user = await testUserOf(ctx, input.user)
      const session = await engine.authorizations.startAuthorizationSession(m(ctx), {
        apiKey: ctx.apiKey,
        kind: 'QR',
        request: {
          scopes: ['direct_debit', 'cashback', 'get_balance', 'preauth_capture_native', 'continuous_payments', 'pending_payments'],
          nonce: idRandomBytes('command:nonce', 6).toString('hex'),
          redirectUrl: `${ctx.origin}/`,
          referenceId: newId('link'),
        },
      })
      const approved = await engine.authorizations.approveAuthorization(ctx.deps.sandbox.ctx, { sessionId: session.sessionId, testUserId: user.id })
      return { user: user.username, userAuthorizationId: approved.userAuthorizationId }
    },
  }),
  command({
    name: 'list_test_users',
    description: 'The test users of your sandbox with their balances in yen.',
    input: v.object({}),
    run: async (ctx) => {
      await engine.testUsers.ensureTestUsers(m(ctx))
      return { users: await engine.testUsers.listTestUsers(m(ctx)) }
    },
  }),
  ...toolCommands,
]

export const commandByName = new Map(commands.map((c) => [c.name, c]))
