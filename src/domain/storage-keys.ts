/**
 * Local-storage keys, exactly as spec §3 names them, so a webview host that reads them keeps working.
 * The old session-storage store (`vuex`) is deliberately not reproduced: machines and React Query own that state.
 * Neither is `{product}lab-enabled`: nothing in PayLab is switched by it (docs/decisions/shell.md).
 */
export const storageKeys = {
  userLoginToken: 'userLoginToken',
  loginAccount: 'LoginAccount',
  liveMode: 'liveMode',
  liveNotice: 'liveNotice',
  deviceId: 'uaid',
  redirectQueryParams: 'redirectQueryParams',
  lang: 'lang',
  langType: 'langType',
  langTypeIndex: 'langTypeIndex',
  /** The cake shop's direct-debit link (user authorization id and phone number of the demo's test user). */
  checkoutLink: 'paylabCheckoutLink',
  /** The payment lab's linked test user, per merchant and mode (docs/dashboard.md "Linking a test user"). */
  labLink: (merchantId: string, mode: string) => `paylabLabLink:${mode}:${merchantId}`,
  /** The scopes a test user granted a mini app in the studio (issue 21); absent: not asked yet. */
  miniappConsent: (appId: string, userId: string) => `paylabMiniappConsent:${appId}:${userId}`,
  /** (session storage) The edit token that lets this tab follow an app's changes (`#watch=` of `npm run miniapp`'s URL). */
  miniappWatch: (appId: string) => `paylabMiniappWatch:${appId}`,
} as const
