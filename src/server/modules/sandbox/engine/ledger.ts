import { repoOf, type MerchantCtx } from './context.ts'

/*
 * The merchant's sandbox ledger for the dashboard's transaction history (GET /v1/getTransactions): its payments,
 * refunds, cashbacks and cashback reversals as one list, read as stored (store/sandbox-ledger-repo.ts).
 */

/** One page of the merchant's ledger, newest first (ties broken by type and id, so pages never overlap). */
export const listLedger = (ctx: MerchantCtx, input: { limit: number; offset: number }) => repoOf(ctx).ledgerPage(ctx.merchantId, input.limit, input.offset)

/** How many entries the merchant's ledger has. */
export const countLedger = (ctx: MerchantCtx) => repoOf(ctx).ledgerCount(ctx.merchantId)
