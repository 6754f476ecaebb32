import type { MessageDescriptor } from '@lingui/core'
import type { Lang } from '@/domain/i18n.ts'
import { t } from '../../../i18n.ts'
import { formatJst } from '@/domain/time-format.ts'

/**
 * Every word the simulated wallet shows: Lingui descriptors of the server catalog (`locales/{ja,en}/server.po`, the
 * Japanese in `locales/ja`), rendered per request in the page's language (src/server/i18n.ts).
 */
export const walletText = {
  walletName: /*i18n*/ { id: 'wallet.walletName', message: 'Sandbox wallet' },
  skipToContent: /*i18n*/ { id: 'wallet.skipToContent', message: 'Skip to content' },
  languageNav: /*i18n*/ { id: 'wallet.languageNav', message: 'Language' },
  sandboxNotice: /*i18n*/ { id: 'wallet.sandboxNotice', message: 'This is the simulated wallet of the PayLab sandbox. No real money moves.' },
  paymentTitle: /*i18n*/ { id: 'wallet.paymentTitle', message: 'Payment' },
  merchant: /*i18n*/ { id: 'wallet.merchant', message: 'Merchant' },
  orderDescription: /*i18n*/ { id: 'wallet.orderDescription', message: 'Order' },
  items: /*i18n*/ { id: 'wallet.items', message: 'Items' },
  itemName: /*i18n*/ { id: 'wallet.itemName', message: 'Item' },
  quantity: /*i18n*/ { id: 'wallet.quantity', message: 'Qty' },
  unitPrice: /*i18n*/ { id: 'wallet.unitPrice', message: 'Unit price' },
  total: /*i18n*/ { id: 'wallet.total', message: 'Amount (tax included)' },
  orderId: /*i18n*/ { id: 'wallet.orderId', message: 'Order ID' },
  paymentId: /*i18n*/ { id: 'wallet.paymentId', message: 'Payment ID' },
  expiresAt: /*i18n*/ { id: 'wallet.expiresAt', message: 'Valid until' },
  paymentMethod: /*i18n*/ { id: 'wallet.paymentMethod', message: 'Payment method' },
  methodBalance: /*i18n*/ { id: 'wallet.methodBalance', message: 'Balance' },
  balance: /*i18n*/ { id: 'wallet.balance', message: 'Balance' },
  signInTitle: /*i18n*/ { id: 'wallet.signInTitle', message: 'Sign in as a test user' },
  signInHint: /*i18n*/ { id: 'wallet.signInHint', message: "Pick one of this merchant's test users. No password is needed." },
  testUser: /*i18n*/ { id: 'wallet.testUser', message: 'Test user' },
  signIn: /*i18n*/ { id: 'wallet.signIn', message: 'Sign in' },
  signedInAs: /*i18n*/ { id: 'wallet.signedInAs', message: 'Signed in as' },
  switchUser: /*i18n*/ { id: 'wallet.switchUser', message: 'Switch user' },
  noTestUsers: /*i18n*/ { id: 'wallet.noTestUsers', message: 'This merchant has no test users.' },
  pay: /*i18n*/ { id: 'wallet.pay', message: 'Pay' },
  authorizePay: /*i18n*/ { id: 'wallet.authorizePay', message: 'Authorize payment' },
  cancel: /*i18n*/ { id: 'wallet.cancel', message: 'Cancel' },
  noSufficientFundTitle: /*i18n*/ { id: 'wallet.noSufficientFundTitle', message: 'Your balance is too low' },
  noSufficientFundBody: /*i18n*/ {
    id: 'wallet.noSufficientFundBody',
    message: 'A balance of {balance} cannot pay {amount}. Top up the test user and try again.',
  },
  topUpLink: /*i18n*/ { id: 'wallet.topUpLink', message: 'Test users and top-up' },
  completedTitle: /*i18n*/ { id: 'wallet.completedTitle', message: 'Payment complete' },
  authorizedTitle: /*i18n*/ { id: 'wallet.authorizedTitle', message: 'Payment authorized' },
  appName: /*i18n*/ { id: 'wallet.appName', message: 'Paid to' },
  status: /*i18n*/ { id: 'wallet.status', message: 'Status' },
  statusCompleted: /*i18n*/ { id: 'wallet.statusCompleted', message: 'Completed' },
  statusAuthorized: /*i18n*/ { id: 'wallet.statusAuthorized', message: 'PreAuth (capture scheduled)' },
  statusRefunded: /*i18n*/ { id: 'wallet.statusRefunded', message: 'Refunded' },
  statusFailed: /*i18n*/ { id: 'wallet.statusFailed', message: 'Failed' },
  statusCanceled: /*i18n*/ { id: 'wallet.statusCanceled', message: 'Canceled' },
  returnToShop: /*i18n*/ { id: 'wallet.returnToShop', message: 'Return to the shop' },
  openApp: /*i18n*/ { id: 'wallet.openApp', message: 'Return to the app' },
  close: /*i18n*/ { id: 'wallet.close', message: 'Close' },
  paidElsewhereTitle: /*i18n*/ { id: 'wallet.paidElsewhereTitle', message: 'This code has already been paid' },
  expiredTitle: /*i18n*/ { id: 'wallet.expiredTitle', message: 'This code has expired' },
  expiredBody: /*i18n*/ { id: 'wallet.expiredBody', message: 'Ask the shop to create a new code.' },
  deletedTitle: /*i18n*/ { id: 'wallet.deletedTitle', message: 'This code has been deleted' },
  deletedBody: /*i18n*/ { id: 'wallet.deletedBody', message: 'The shop has withdrawn this code.' },
  canceledTitle: /*i18n*/ { id: 'wallet.canceledTitle', message: 'Payment canceled' },
  canceledBody: /*i18n*/ { id: 'wallet.canceledBody', message: 'No money was paid.' },
  failedTitle: /*i18n*/ { id: 'wallet.failedTitle', message: 'This payment was canceled' },
  notFoundTitle: /*i18n*/ { id: 'wallet.notFoundTitle', message: 'Page not found' },
  notFoundBody: /*i18n*/ { id: 'wallet.notFoundBody', message: 'The code does not exist or the address is wrong.' },
  forbiddenTitle: /*i18n*/ { id: 'wallet.forbiddenTitle', message: 'This request was refused' },
  forbiddenBody: /*i18n*/ { id: 'wallet.forbiddenBody', message: 'Forms sent from another site are refused. Reload the page and try again.' },
  invalidTitle: /*i18n*/ { id: 'wallet.invalidTitle', message: 'Please check your input' },
  errorTitle: /*i18n*/ { id: 'wallet.errorTitle', message: 'Something went wrong' },
  errorCode: /*i18n*/ { id: 'wallet.errorCode', message: 'Error code' },
  backToPayment: /*i18n*/ { id: 'wallet.backToPayment', message: 'Back to the payment' },
  // user authorization (spec §3: scopes, userAuthorizationId, profileIdentifier)
  consentTitle: /*i18n*/ { id: 'wallet.consentTitle', message: 'Allow account linking' },
  consentLead: /*i18n*/ { id: 'wallet.consentLead', message: '{merchant} would like to:' },
  consentAgree: /*i18n*/ { id: 'wallet.consentAgree', message: 'Agree and continue' },
  consentDone: /*i18n*/ { id: 'wallet.consentDone', message: 'Account linked' },
  consentDenied: /*i18n*/ { id: 'wallet.consentDenied', message: 'Linking canceled' },
  consentExpiredTitle: /*i18n*/ { id: 'wallet.consentExpiredTitle', message: 'This linking request has expired' },
  consentExpiredBody: /*i18n*/ { id: 'wallet.consentExpiredBody', message: "Start again from the shop's page." },
  consentUsedTitle: /*i18n*/ { id: 'wallet.consentUsedTitle', message: 'This linking request has already been answered' },
  // higher-amount reauthorization of a pre-authorised payment (published: 201 USER_CONFIRMATION_REQUIRED, url)
  reauthTitle: /*i18n*/ { id: 'wallet.reauthTitle', message: 'Approve a new amount' },
  reauthLead: /*i18n*/ { id: 'wallet.reauthLead', message: '{merchant} asks you to approve a higher authorized amount.' },
  currentAmount: /*i18n*/ { id: 'wallet.currentAmount', message: 'Authorized now' },
  newAmount: /*i18n*/ { id: 'wallet.newAmount', message: 'New amount' },
  approve: /*i18n*/ { id: 'wallet.approve', message: 'Approve' },
  decline: /*i18n*/ { id: 'wallet.decline', message: 'Decline' },
  reauthApproved: /*i18n*/ { id: 'wallet.reauthApproved', message: 'New amount approved' },
  reauthDeclined: /*i18n*/ { id: 'wallet.reauthDeclined', message: 'New amount not approved' },
  reauthDeclinedBody: /*i18n*/ { id: 'wallet.reauthDeclinedBody', message: 'The authorization stays at the original amount.' },
  reauthExpiredTitle: /*i18n*/ { id: 'wallet.reauthExpiredTitle', message: 'This approval request is no longer valid' },
  reauthExpiredBody: /*i18n*/ { id: 'wallet.reauthExpiredBody', message: 'Its 6 hours have passed, or the payment has changed.' },
  // test users and top-up (spec §3 "Sandbox test users: username and balance"; §6/§9 top-up once a month)
  testUsersTitle: /*i18n*/ { id: 'wallet.testUsersTitle', message: 'Test users' },
  testUsersLead: /*i18n*/ { id: 'wallet.testUsersLead', message: "{merchant}'s test users and their balances. Each user can be topped up once a month." },
  username: /*i18n*/ { id: 'wallet.username', message: 'Username' },
  topUp: /*i18n*/ { id: 'wallet.topUp', message: 'Top up' },
  topUpAmount: /*i18n*/ { id: 'wallet.topUpAmount', message: 'Amount (JPY)' },
  topUpCharge: /*i18n*/ { id: 'wallet.topUpCharge', message: 'Charge' },
  topUpDone: /*i18n*/ { id: 'wallet.topUpDone', message: 'Topped up {user} with {amount}.' },
  topUpUsedThisMonth: /*i18n*/ { id: 'wallet.topUpUsedThisMonth', message: 'Already topped up this month' },
  topUpLimitTitle: /*i18n*/ { id: 'wallet.topUpLimitTitle', message: '{user} has already been topped up this month' },
  topUpLimitBody: /*i18n*/ { id: 'wallet.topUpLimitBody', message: 'Sandbox top-up is limited to once a month per user. Try again next month.' },
  lastTopUp: /*i18n*/ { id: 'wallet.lastTopUp', message: 'Last top-up' },
  never: /*i18n*/ { id: 'wallet.never', message: 'never' },
  useThisUser: /*i18n*/ { id: 'wallet.useThisUser', message: 'Pay as this user' },
  signOut: /*i18n*/ { id: 'wallet.signOut', message: 'Sign out' },
  back: /*i18n*/ { id: 'wallet.back', message: 'Back' },
  paidBy: /*i18n*/ { id: 'wallet.paidBy', message: 'Paid by' },
  balanceNow: /*i18n*/ { id: 'wallet.balanceNow', message: 'Balance now' },
} as const satisfies Record<string, MessageDescriptor>

export type WalletTextKey = keyof typeof walletText

/** The text for `key` in `lang`, with `{name}` placeholders filled (values are escaped by the template). */
export function wt(lang: Lang, key: WalletTextKey, values: Record<string, string> = {}): string {
  return t(lang, walletText[key], values)
}

export const formatYen = (lang: Lang, amount: number) =>
  new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { style: 'currency', currency: 'JPY' }).format(amount)

/** A time on the wallet's pages: Japan time, labelled JST, as every portal screen shows it (src/domain/time-format.ts). */
export const formatDateTime = (lang: Lang, epochSeconds: number) => formatJst(lang, epochSeconds * 1000, 'dateTime')

/** The authorization scopes of spec §3 in plain words, as the consent page lists them. */
export const scopeText: Record<string, MessageDescriptor> = {
  direct_debit: /*i18n*/ { id: 'wallet.scope.direct_debit', message: 'Take payments from your balance' },
  cashback: /*i18n*/ { id: 'wallet.scope.cashback', message: 'Give you cashback' },
  get_balance: /*i18n*/ { id: 'wallet.scope.get_balance', message: 'Check whether your balance is enough' },
  quick_pay: /*i18n*/ { id: 'wallet.scope.quick_pay', message: 'Take one-tap payments' },
  continuous_payments: /*i18n*/ { id: 'wallet.scope.continuous_payments', message: 'Take recurring payments' },
  merchant_topup: /*i18n*/ { id: 'wallet.scope.merchant_topup', message: 'Add money to your balance from the merchant' },
  pending_payments: /*i18n*/ { id: 'wallet.scope.pending_payments', message: 'Send you payment requests' },
  user_notification: /*i18n*/ { id: 'wallet.scope.user_notification', message: 'Send you notifications' },
  user_topup: /*i18n*/ { id: 'wallet.scope.user_topup', message: 'Let you top up your balance' },
  user_profile: /*i18n*/ { id: 'wallet.scope.user_profile', message: 'See your profile (such as your nickname)' },
  preauth_capture_native: /*i18n*/ { id: 'wallet.scope.preauth_capture_native', message: 'Authorize payments now and capture them later' },
  preauth_capture_transaction: /*i18n*/ { id: 'wallet.scope.preauth_capture_transaction', message: 'Manage authorized transactions' },
  push_notification: /*i18n*/ { id: 'wallet.scope.push_notification', message: 'Send you push notifications' },
  notification_center_ob: /*i18n*/ { id: 'wallet.scope.notification_center_ob', message: 'Post messages to your notification center' },
  notification_center_ab: /*i18n*/ { id: 'wallet.scope.notification_center_ab', message: 'Show notices in your notification center' },
  notification_center_tl: /*i18n*/ { id: 'wallet.scope.notification_center_tl', message: 'Show messages in your transaction history' },
}

export function describeScope(lang: Lang, scope: string): string {
  return Object.hasOwn(scopeText, scope) ? t(lang, scopeText[scope]!) : scope
}
