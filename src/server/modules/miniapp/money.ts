import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { MakePaymentParams, MiniAppUser, PayAnswer, PaymentOutcome } from '@/domain/miniapp-runtime.ts'
import { CreatePaymentRequestSchema, CreateQrCodeRequestSchema, PreauthorizeRequestSchema } from '@/domain/opa-schemas.ts'
import type { AppDeps } from '../../deps.ts'
import { issuesOf } from '../../http/validator.ts'
import { newUuid } from '../../store/sandbox-ids.ts'
import { sandboxCommands as run } from '../sandbox/engine/index.ts'
import type { MiniAppSigner } from './jws.ts'

/**
 * Money and identity of the studio's wallet (issue 21): every call is a real command of the sandbox engine for the
 * merchant the portal acts for (the signed-in developer's test merchant, or the demo merchant for a visitor), so a
 * payment changes the test user's balance, is in the merchant's transactions and fires its webhook like any other.
 *
 * - The mini app's user is linked to the merchant by a real user authorization (consent session approved by the test
 *   user, as on the wallet's consent page) with the scopes a mini app's payments need; `getUAID` answers its id.
 * - pp.makePayment: a native payment (COMPLETED at once) or, with `isAuthorization`, a pre-authorisation
 *   (AUTHORIZED). The tester's outcome decides the rest: `timeout` pays but the mini app hears TIME_OUT (spec §4: a
 *   timeout is an unknown status the merchant's server resolves); `cancel`, `insufficient` and `server_error` leave
 *   a FAILED order (created, then cancelled by the user) and no money moves. A balance that is really too short
 *   fails the same way as `insufficient`.
 * - Every answer the spec says carries a JWS is signed with the sandbox's ES256 key (jws.ts).
 */
const miniAppScopes = ['direct_debit', 'preauth_capture_native', 'get_balance', 'user_profile'] as const
/** Where the sandbox's consent session for a mini app "returns" (nothing is opened; the session is approved in-process). */
const miniAppRedirect = 'https://miniapp.paylab.invalid/authorized'

const bridgeFailure = {
  cancel: { errorCode: 'USER_CANCELED', errorMessage: 'user canceled' },
  insufficient: { errorCode: 'SERVER_ERROR', errorMessage: 'insufficient balance' },
  server_error: { errorCode: 'SERVER_ERROR', errorMessage: 'server error' },
  timeout: { errorCode: 'TIME_OUT', errorMessage: 'request time out' },
} as const

export function miniAppMoney(deps: AppDeps, signer: MiniAppSigner) {
  const engine = deps.sandbox

  /** The merchant's test user (its default users made on first use); SANDBOX_TEST_USER_NOT_FOUND otherwise. */
  async function testUser(merchantId: string, userId: string) {
    const m = engine.forMerchant(merchantId)
    await run.testUsers.ensureTestUsers(m)
    return run.testUsers.getTestUser(m, { testUserId: userId })
  }

  /** The user's active authorization with the mini app's scopes: the existing one, or a consent session approved now. */
  async function authorize(merchantId: string, userId: string) {
    const m = engine.forMerchant(merchantId)
    const existing = await run.authorizations.findActiveAuthorizationOf(m, { testUserId: userId })
    const now = deps.clock.nowMs(merchantId)
    if (existing && existing.expireAtMs > now && miniAppScopes.every((s) => existing.scopes.includes(s))) return existing.userAuthorizationId
    const session = await run.authorizations.startAuthorizationSession(m, {
      apiKey: await run.authorizations.inProcessApiKey(m),
      kind: 'WEB',
      request: {
        scopes: [...miniAppScopes],
        nonce: newUuid('miniapp-nonce'),
        redirectUrl: miniAppRedirect,
        referenceId: `miniapp-${newUuid('miniapp-reference')}`,
      },
    })
    const approved = await run.authorizations.approveAuthorization(engine.ctx, { sessionId: session.sessionId, testUserId: userId })
    if (!approved.userAuthorizationId) throw new ApiError('INTERNAL_SERVER_ERROR')
    return approved.userAuthorizationId
  }

  const parsed = <T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> => {
    const result = v.safeParse(schema, value)
    if (!result.success) throw new ApiError('INVALID_PARAMS', { data: { issues: issuesOf(result.issues).map((i) => ({ ...i, path: `request.${i.path}` })) } })
    return result.output
  }

  const orderFields = (request: MakePaymentParams) => ({
    ...(request.orderDescription !== undefined ? { orderDescription: request.orderDescription } : {}),
    ...(request.storeId !== undefined ? { storeId: request.storeId } : {}),
    ...(request.orderItems !== undefined ? { orderItems: request.orderItems.map((item) => ({ ...item, quantity: item.quantity ?? 1 })) } : {}),
    ...(request.metadata !== undefined ? { metadata: request.metadata } : {}),
  })

  /** An order the user did not pay: created, then cancelled by the user (FAILED in the transactions). */
  async function failedOrder(merchantId: string, request: MakePaymentParams, requestedAt: number) {
    const m = engine.forMerchant(merchantId)
    const body = parsed(CreateQrCodeRequestSchema, {
      merchantPaymentId: request.merchantPaymentId,
      amount: request.amount,
      codeType: 'ORDER_QR',
      requestedAt,
      ...(request.isAuthorization ? { isAuthorization: true } : {}),
      ...orderFields(request),
    })
    const { merchantPaymentId } = request
    const existing = await run.payments.findPayment(m, { merchantPaymentId })
    const row = existing ?? (await run.codes.createCode(m, body))
    if (row.codeId && row.status === 'CREATED') await run.codes.cancelCodeByUser(engine.ctx, { codeId: row.codeId })
    return (await run.payments.findPayment(m, { merchantPaymentId })) ?? row
  }

  return {
    /** The merchant's test users with the profile and KYC state the bridge answers. */
    async users(merchantId: string): Promise<MiniAppUser[]> {
      return (await run.testUsers.listTestUsers(engine.forMerchant(merchantId))).map((u) => ({
        id: u.id,
        username: u.username,
        balance: u.balance,
        ...personaOf(u.username),
      }))
    },

    async pay(merchantId: string, input: { appId: string; userId: string; request: MakePaymentParams; outcome: PaymentOutcome }): Promise<PayAnswer> {
      const { request, outcome } = input
      await testUser(merchantId, input.userId)
      const now = deps.clock.nowMs(merchantId)
      const requestedAt = request.requestedAt ?? Math.floor(now / 1000)
      let error: PayAnswer['error']
      let row
      if (outcome === 'success' || outcome === 'timeout') {
        const userAuthorizationId = await authorize(merchantId, input.userId)
        const body = { merchantPaymentId: request.merchantPaymentId, userAuthorizationId, amount: request.amount, requestedAt, ...orderFields(request) }
        const m = engine.forMerchant(merchantId)
        try {
          row = request.isAuthorization
            ? await run.payments.preauthorize(m, { ...parsed(PreauthorizeRequestSchema, body), agreeSimilarTransaction: true })
            : await run.payments.createPayment(m, { ...parsed(CreatePaymentRequestSchema, body), agreeSimilarTransaction: true })
          if (outcome === 'timeout') error = bridgeFailure.timeout
        } catch (e) {
          if (!(e instanceof ApiError) || e.code !== 'NO_SUFFICIENT_FUND') throw e
          row = await failedOrder(merchantId, request, requestedAt)
          error = bridgeFailure.insufficient
        }
      } else {
        row = await failedOrder(merchantId, request, requestedAt)
        error = bridgeFailure[outcome]
      }
      const user = await testUser(merchantId, input.userId)
      const status = row.status === 'COMPLETED' || row.status === 'AUTHORIZED' ? row.status : 'FAILED'
      const jws =
        status === 'FAILED'
          ? null
          : await signer.sign(
              { merchantId, appId: input.appId },
              {
                merchantPaymentId: row.merchantPaymentId,
                paymentId: row.paymentId,
                amount: { amount: row.amount, currency: limits.currency },
                status,
                isAuthorization: row.isAuthorization,
                userAuthorizationId: row.userAuthorizationId,
              },
              now,
            )
      return {
        status,
        paymentId: row.paymentId,
        merchantPaymentId: row.merchantPaymentId,
        amount: row.amount,
        balance: user.balance,
        jws,
        ...(error ? { error } : {}),
      }
    },

    /** pp.topup: the sandbox's top-up (once per Japan-time month per test user, spec §6). */
    async topup(merchantId: string, input: { appId: string; userId: string; amount: number; merchantTopupId: string }) {
      await testUser(merchantId, input.userId)
      const user = await run.topUp.topUp(engine.forMerchant(merchantId), { testUserId: input.userId, amount: input.amount })
      const jws = await signer.sign(
        { merchantId, appId: input.appId },
        {
          merchantTopupId: input.merchantTopupId,
          amount: { amount: input.amount, currency: limits.currency },
          status: 'SUCCESS',
        },
        deps.clock.nowMs(merchantId),
      )
      return { balance: user.balance, jws }
    },

    /** pp.getUAID: a JWS whose payload carries the user's real userAuthorizationId for this merchant. */
    async uaid(merchantId: string, input: { appId: string; userId: string }) {
      await testUser(merchantId, input.userId)
      const userAuthorizationId = await authorize(merchantId, input.userId)
      return { jws: await signer.sign({ merchantId, appId: input.appId }, { userAuthorizationId }, deps.clock.nowMs(merchantId)) }
    },
  }
}

/** Profile and KYC of a test user (the sandbox keeps only name and balance): fixed per default user, generic otherwise. */
function personaOf(username: string): Pick<MiniAppUser, 'profile' | 'kyc'> {
  const people: Record<string, { last: string; first: string; lastKana: string; firstKana: string; kyc: boolean }> = {
    taro: { last: '山田', first: '太郎', lastKana: 'ヤマダ', firstKana: 'タロウ', kyc: true },
    hanako: { last: '佐藤', first: '花子', lastKana: 'サトウ', firstKana: 'ハナコ', kyc: false },
    jiro: { last: '鈴木', first: '次郎', lastKana: 'スズキ', firstKana: 'ジロウ', kyc: true },
  }
  const p = people[username] ?? { last: 'テスト', first: username, lastKana: 'テスト', firstKana: username, kyc: false }
  const digits = [...username]
    .reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 100_000_000, 7)
    .toString()
    .padStart(8, '0')
  return {
    profile: {
      fullName: `${p.last} ${p.first}`,
      nickName: username,
      avatarUrl: avatarOf(p.first),
      email: `${username}@sandbox.paylab.test`,
      phoneNumber: `090${digits}`,
    },
    kyc: p.kyc
      ? {
          status: 'COMPLETED',
          kycAt: '2025-04-01T09:00:00+09:00',
          kycInfo: {
            lastName: p.last,
            firstName: p.first,
            lastNameKana: p.lastKana,
            firstNameKana: p.firstKana,
            dateOfBirth: '19900401',
            job: 'OFFICE_WORKER',
            address: { zipCode: '1000001', countryCode: 'JP', state: '東京都', city: '千代田区', street1: '千代田1-1', street2: '' },
          },
        }
      : { status: 'NOT_COMPLETED', kycAt: null, kycInfo: null },
  }
}

/** A drawn avatar (no image file to host): the first letter on a circle, as a data URL. */
const avatarOf = (name: string) => {
  const letter = [...name][0] ?? '?'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="#ef3f5a"/><text x="48" y="62" font-size="42" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
