// src/domain/miniapp/types.ts
/** A mini app as files: path relative to the app root ('app.json', 'pages/home/home.html', …) → bytes. */
export type MiniAppFiles = ReadonlyMap<string, Uint8Array>

export interface MiniAppWindow {
  navigationBarBackgroundColor?: string
  navigationBarTextStyle?: 'white' | 'black'
  navigationBarTitleText?: string
  navigationStyle?: 'default' | 'custom' | 'none'
  backgroundColor?: string
  enablePullDownRefresh?: boolean
}
export interface MiniAppTabItem { pagePath: string; text: string; iconPath?: string; selectedIconPath?: string }
export interface MiniAppManifest {
  appName: string
  version: string
  baseLibraryVersion: string
  headerImage?: string
  previewImages?: string[]
  icon?: string
  pages: string[]
  window?: MiniAppWindow
  /**
   * A page's own window values (`pages/home/home.json`, by page folder), read by the runtime: they override `window`
   * on that page, as the wallet does; malformed values are left out (the validator reports them).
   */
  pageWindows?: Record<string, MiniAppWindow>
  tabBar?: { textColor?: string; backgroundColor?: string; selectedColor?: string; list: MiniAppTabItem[] }
  whiteListDomains?: string[]
  permissions?: MiniAppPermission[]
}
export const miniAppPermissions = [
  'mini_app_user_name', 'mini_app_user_nickname', 'mini_app_user_avatar', 'mini_app_payment_balance',
  'mini_app_user_email_address', 'mini_app_user_phone_number', 'direct_debit', 'mini_app_device_info', 'mini_app_kyc',
] as const
export type MiniAppPermission = (typeof miniAppPermissions)[number]

/** §8 bridge and network error codes: `fail` receives { errorCode, errorMessage }. */
export const bridgeErrorCodes = [
  'SERVER_ERROR', 'INSUFFICIENT_SCOPE', 'USER_CANCELED', 'NO_VALUE_FOUND', 'UNKNOWN', 'MAP_APP_NOT_FOUND', 'NULL_OPTION',
  'INVALID_DATA', 'BAD_REQUEST_INSUFFICIENT_PARAMETER', 'COULD_NOT_GENERATE_BARCODE',
  'INVALID_URL', 'INVALID_HEADER', 'INVALID_METHOD', 'NOT_REACHABLE', 'TIME_OUT', 'NONE_WHITELIST_DOMAIN',
  'STATUS_CODE_ERROR', 'INVALID_RESPONSE',
] as const
export type BridgeErrorCode = (typeof bridgeErrorCodes)[number]
export interface BridgeError { errorCode: BridgeErrorCode; errorMessage: string }
