/**
 * The names a demo-panel address may carry (`/demo/panel?type=&view=`), apart from the panel's rules
 * (`demo-panel.ts`): the route validates its search with them, and the browser's entry must not carry the amount
 * rule and the checkout's alerts for that (as `lab-ids.ts` does for the lab).
 */

/** The payment types of spec §2, in the panel's order. */
export const demoPanelTypes = ['qrCode', 'cashback', 'appInvoke', 'autoDebit'] as const
export type DemoPanelType = (typeof demoPanelTypes)[number]

/**
 * How auto debit reaches the payer: `native` pays from the demo's pre-linked test user (a server-to-server native
 * payment), `directDebit` first links a test user on the wallet's consent page.
 */
export const demoPanelViews = ['native', 'directDebit'] as const
export type DemoPanelView = (typeof demoPanelViews)[number]
