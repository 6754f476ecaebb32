import type * as v from 'valibot'
import {
  payAnswerSchema,
  proxyAnswerSchema,
  topupAnswerSchema,
  uaidAnswerSchema,
  usersAnswerSchema,
  type MakePaymentParams,
  type MiniAppUser,
  type PayAnswer,
  type PaymentOutcome,
  type ProxyAnswer,
} from '@/domain/miniapp-runtime.ts'
import { envelope, http } from '@/web/lib/http.ts'

/**
 * The studio's wallet backend: the mini-app module of the server (`/dev/v1/miniapp/*`), called with the signed-in
 * developer's bearer when there is one (their sandbox merchant), else as a visitor (the demo merchant). The bridge
 * host takes it as a seam (tests give a fake).
 */
export interface BridgeApi {
  users(): Promise<MiniAppUser[]>
  pay(body: { appId: string; userId: string; request: MakePaymentParams; outcome: PaymentOutcome }): Promise<PayAnswer>
  topup(body: { appId: string; userId: string; amount: number; merchantTopupId: string }): Promise<v.InferOutput<typeof topupAnswerSchema>>
  uaid(body: { appId: string; userId: string }): Promise<v.InferOutput<typeof uaidAnswerSchema>>
  request(body: { appId: string; url: string; method?: string; header?: unknown; data?: unknown; network?: 'online' | 'slow' }): Promise<ProxyAnswer>
}

const options = (body: unknown) => ({ body: body as Record<string, unknown>, auth: true, timeout: 'long' as const })

export const httpBridgeApi: BridgeApi = {
  users: async () => (await http.get(envelope(usersAnswerSchema), '/dev/v1/miniapp/users', { auth: true })).data.users,
  pay: async (body) => (await http.post(envelope(payAnswerSchema), '/dev/v1/miniapp/pay', options(body))).data,
  topup: async (body) => (await http.post(envelope(topupAnswerSchema), '/dev/v1/miniapp/topup', options(body))).data,
  uaid: async (body) => (await http.post(envelope(uaidAnswerSchema), '/dev/v1/miniapp/uaid', options(body))).data,
  request: async (body) => (await http.post(envelope(proxyAnswerSchema), '/dev/v1/miniapp/request', options(body))).data,
}
