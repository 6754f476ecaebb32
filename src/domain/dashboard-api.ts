import * as v from 'valibot'
import { limits } from './limits.ts'
import { labGroups } from './lab.ts'
import { normalizeTyped } from './typed-input.ts'

const typed = (text: string) => normalizeTyped(text)

/**
 * Payloads of the signed-in developer's tools (issue 12; docs/dashboard.md): live activation, keys, top-up,
 * transactions, products, labs, resolver. Settings payloads live in settings.ts. Shared by server and portal.
 */

/** Header naming the merchant a call acts for (spec §6): the test merchant id in test mode, the live one in live mode. */
export const assumeMerchantHeader = 'X-ASSUME-MERCHANT'

export const boolString = v.pipe(
  v.picklist(['true', 'false']),
  v.transform((s) => s === 'true'),
)
const intString = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'A whole number'), v.transform(Number), v.minValue(min), v.maxValue(max))

export const activationData = v.object({
  status: v.literal('ACTIVATED'),
  requested_at: v.string(),
  merchant_id: v.string(),
  live_merchant_id: v.string(),
})

// ── keys ──────────────────────────────────────────────────────────────────────────────────────────────────
export const apiKeyRevokeParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,32}$/)),
  apiKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
})
export const revokedApiKeyData = v.object({ merchant_id: v.string(), api_key: v.string(), revoked_at: v.string() })

// ── top-up and test users ─────────────────────────────────────────────────────────────────────────────────
export const testUserSchema = v.object({
  test_user_id: v.string(),
  username: v.string(),
  balance: v.number(),
  last_top_up_month: v.nullable(v.string()),
})
export const testUserParams = v.object({ testUserId: v.pipe(v.string(), v.regex(/^tu_[A-Za-z0-9_-]{1,32}$/)) })
export type TestUser = v.InferOutput<typeof testUserSchema>
export const merchantTopUpData = v.object({
  merchant_id: v.string(),
  month: v.string(),
  amount: v.number(),
  test_users: v.array(testUserSchema),
})

// ── transactions ──────────────────────────────────────────────────────────────────────────────────────────
export const transactionsQuery = v.object({
  page_no: v.optional(intString(0, 100_000), String(limits.transactions.defaultPage)),
  record_per_page: v.optional(intString(1, 100), String(limits.transactions.defaultPageSize)),
  live_mode: v.optional(boolString, 'false'),
})
export const transactionTypes = ['PAYMENT', 'REFUND', 'CASHBACK', 'CASHBACK_REVERSAL'] as const
export const transactionSchema = v.object({
  type: v.picklist(transactionTypes),
  /** QR | NATIVE | PREAUTH | SUBSCRIPTION | REQUEST_ORDER for payments; null otherwise. */
  kind: v.nullable(v.string()),
  /** The provider's id: paymentId, or the merchant's id for refunds and cashback reversals, cashbackId for cashback. */
  id: v.string(),
  merchant_reference_id: v.string(),
  payment_id: v.nullable(v.string()),
  status: v.string(),
  amount: v.object({ amount: v.number(), currency: v.literal('JPY') }),
  at: v.string(),
})
export const transactionsData = v.object({
  merchant_id: v.string(),
  live_mode: v.boolean(),
  page_no: v.number(),
  record_per_page: v.number(),
  total_records: v.number(),
  total_pages: v.number(),
  data: v.array(transactionSchema),
})
export const transactionDetailParams = v.object({
  type: v.picklist(['payment', 'refund', 'cashback']),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
})
export const transactionDetailQuery = v.object({ live_mode: v.optional(boolString, 'false') })

// ── products ──────────────────────────────────────────────────────────────────────────────────────────────
export const putProductsRequest = v.object({
  products: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1, 'Keep at least one product.'), v.maxLength(20)),
})
export const productScopesData = v.object({
  merchant_id: v.string(),
  products: v.array(
    v.object({
      id: v.number(),
      model: v.string(),
      name: v.string(),
      selected: v.boolean(),
      authorization_scopes: v.array(v.string()),
      endpoints: v.array(v.string()),
    }),
  ),
})

// ── labs and resolver ─────────────────────────────────────────────────────────────────────────────────────
export const langQuerySchema = v.optional(v.picklist(['jp', 'ja', 'en']))
export const labParams = v.object({ group: v.picklist(labGroups) })
export const labQuery = v.object({ lang: langQuerySchema })

export const resolveQuery = v.object({
  // as typed: full-width ０８１０００１６ is the code id 08100016 (issue 20)
  api_name: v.optional(v.pipe(v.string(), v.transform(typed), v.maxLength(300))),
  code: v.pipe(v.string(), v.transform(typed), v.minLength(1), v.maxLength(100)),
  code_id: v.optional(v.pipe(v.string(), v.transform(typed), v.maxLength(32))),
  lang: langQuerySchema,
})
