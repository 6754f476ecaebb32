/**
 * React Query keys of the dashboard feature. Every merchant call's key holds the merchant id of the mode it was
 * asked for (spec §6 X-ASSUME-MERCHANT), so switching test ↔ live asks again instead of showing the other
 * mode's answer.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** The home's one answer (GET /v1/dashboardHome): per signed-in token and asked mode. */
  homeRoot: ['dashboard', 'home'] as const,
  home: (accessToken: string | null, live: boolean) => ['dashboard', 'home', accessToken ?? '', live] as const,
  merchant: (merchantId: string) => [...dashboardKeys.all, merchantId] as const,
  keys: (merchantId: string) => [...dashboardKeys.merchant(merchantId), 'keys'] as const,
  users: (merchantId: string) => [...dashboardKeys.merchant(merchantId), 'users'] as const,
  transactions: (merchantId: string, live: boolean, page: number, perPage: number) =>
    [...dashboardKeys.merchant(merchantId), 'transactions', live, page, perPage] as const,
  transaction: (merchantId: string, type: string, id: string) => [...dashboardKeys.merchant(merchantId), 'transaction', type, id] as const,
  settings: (merchantId: string) => [...dashboardKeys.merchant(merchantId), 'settings'] as const,
  products: (merchantId: string) => [...dashboardKeys.merchant(merchantId), 'products'] as const,
}
