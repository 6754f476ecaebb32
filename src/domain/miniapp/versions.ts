/**
 * Wallet app versions and the minimum version of each mini-app feature (spec §9). A feature used on a wallet older
 * than its minimum fails as the real app would (the studio's version gate); the validator warns when an app's
 * `baseLibraryVersion` is below the minimum of a feature its pages call.
 */

/** The wallet app versions the studio can simulate (spec §9: 2.31.0 to 2.42.0). */
export const walletVersionRange = { min: '2.31.0', max: '2.42.0' } as const

/** Minimum iOS and Android versions of the wallet app that runs mini apps (spec §9). */
export const minimumOsVersions = { ios: '11.0', android: '5.0' } as const

/** Spec §9 feature minimum versions. */
export const featureMinVersions = {
  userConsent: '2.41.0',
  html5Location: '2.31.0',
  qrCode: '2.39.0',
  showBalance: '2.31.0',
  payment: '2.40.0',
  topup: '2.42.0',
  nativePayment: '2.33.0',
  preAuth: '2.31.0',
  notificationCenter: '2.35.0',
} as const
export type MiniAppFeature = keyof typeof featureMinVersions

/**
 * Which feature a bridge function belongs to (PayLab's reading of §9): the consent screen guards the profile,
 * KYC and permission functions, native payment is the user authorisation (getUAID); makePayment with
 * `isAuthorization` is a pre-authorisation, which §9 dates 2.31.0, but it is still a payment: payment's 2.40.0 applies.
 * Functions not listed here have no minimum beyond the wallet's oldest version.
 */
export const bridgeFunctionFeatures: Readonly<Record<string, MiniAppFeature>> = {
  getUserProfile: 'userConsent',
  getKycInformation: 'userConsent',
  requestPermission: 'userConsent',
  getPermissionStatus: 'userConsent',
  getUserLocation: 'html5Location',
  generateCodeImage: 'qrCode',
  getBalance: 'showBalance',
  makePayment: 'payment',
  topup: 'topup',
  getUAID: 'nativePayment',
  loadNotificationStatus: 'notificationCenter',
}

/** The minimum wallet version of a bridge function (the oldest wallet when it has no feature of §9). */
export function minimumVersionOf(bridgeFunction: string): string {
  const feature = bridgeFunctionFeatures[bridgeFunction]
  return feature ? featureMinVersions[feature] : walletVersionRange.min
}

const versionPattern = /^\d+(\.\d+){0,3}$/

/** `1`, `2.40`, `2.40.0`, `2.40.0.1`: dot-separated numbers. */
export function isVersion(value: string): boolean {
  return versionPattern.test(value)
}

/**
 * Compares dotted numeric versions: negative when a < b, 0 when equal, positive when a > b. Missing parts count as
 * 0 (`2.40` equals `2.40.0`). A part that is not a number counts as 0 too; check with `isVersion` first.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0)
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d < 0 ? -1 : 1
  }
  return 0
}

/** Whether a wallet of `appVersion` has a bridge function (its feature's minimum version reached). */
export function supportsFunction(appVersion: string, bridgeFunction: string): boolean {
  return compareVersions(appVersion, minimumVersionOf(bridgeFunction)) >= 0
}
