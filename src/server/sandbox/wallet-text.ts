import type { Bilingual, Lang } from '@/domain/i18n.ts'

/**
 * Every word the simulated wallet shows, in both languages (Japanese is the default). The wallet is
 * server-rendered HTML, so it cannot use the portal's Lingui catalogues; it keeps its own small table.
 */
export const walletText = {
  walletName: { ja: 'サンドボックス ウォレット', en: 'Sandbox wallet' },
  skipToContent: { ja: '本文へ移動', en: 'Skip to content' },
  languageNav: { ja: '表示言語', en: 'Language' },
  sandboxNotice: {
    ja: 'これは PayLab サンドボックスの模擬ウォレットです。本物のお金は動きません。',
    en: 'This is the simulated wallet of the PayLab sandbox. No real money moves.',
  },
  paymentTitle: { ja: 'お支払い', en: 'Payment' },
  merchant: { ja: '加盟店', en: 'Merchant' },
  orderDescription: { ja: 'ご注文内容', en: 'Order' },
  items: { ja: '商品', en: 'Items' },
  itemName: { ja: '商品名', en: 'Item' },
  quantity: { ja: '数量', en: 'Qty' },
  unitPrice: { ja: '単価', en: 'Unit price' },
  total: { ja: 'お支払い金額（税込）', en: 'Amount (tax included)' },
  orderId: { ja: '注文番号', en: 'Order ID' },
  paymentId: { ja: '決済番号', en: 'Payment ID' },
  expiresAt: { ja: '有効期限', en: 'Valid until' },
  paymentMethod: { ja: '支払い方法', en: 'Payment method' },
  methodBalance: { ja: '残高', en: 'Balance' },
  balance: { ja: '残高', en: 'Balance' },
  signInTitle: { ja: 'テストユーザーでログイン', en: 'Sign in as a test user' },
  signInHint: {
    ja: 'この加盟店のテストユーザーを選んでください。パスワードは不要です。',
    en: "Pick one of this merchant's test users. No password is needed.",
  },
  testUser: { ja: 'テストユーザー', en: 'Test user' },
  signIn: { ja: 'ログイン', en: 'Sign in' },
  signedInAs: { ja: 'ログイン中のユーザー', en: 'Signed in as' },
  switchUser: { ja: 'ユーザーを切り替える', en: 'Switch user' },
  noTestUsers: {
    ja: 'この加盟店にはテストユーザーがいません。',
    en: 'This merchant has no test users.',
  },
  pay: { ja: '支払う', en: 'Pay' },
  authorizePay: { ja: '仮売上で支払う', en: 'Authorize payment' },
  cancel: { ja: 'キャンセル', en: 'Cancel' },
  noSufficientFundTitle: { ja: '残高が不足しています', en: 'Your balance is too low' },
  noSufficientFundBody: {
    ja: '残高 {balance} では {amount} を支払えません。テストユーザーの残高をチャージしてから、もう一度お試しください。',
    en: 'A balance of {balance} cannot pay {amount}. Top up the test user and try again.',
  },
  topUpLink: { ja: 'テストユーザーと残高チャージ', en: 'Test users and top-up' },
  completedTitle: { ja: 'お支払いが完了しました', en: 'Payment complete' },
  authorizedTitle: { ja: '仮売上が完了しました', en: 'Payment authorized' },
  appName: { ja: 'お支払い先', en: 'Paid to' },
  status: { ja: 'ステータス', en: 'Status' },
  statusCompleted: { ja: '完了', en: 'Completed' },
  statusAuthorized: { ja: '仮売上（確定待ち）', en: 'PreAuth (capture scheduled)' },
  statusRefunded: { ja: '返金済み', en: 'Refunded' },
  statusFailed: { ja: '失敗', en: 'Failed' },
  statusCanceled: { ja: '取消済み', en: 'Canceled' },
  returnToShop: { ja: 'お店に戻る', en: 'Return to the shop' },
  openApp: { ja: 'アプリに戻る', en: 'Return to the app' },
  close: { ja: '閉じる', en: 'Close' },
  paidElsewhereTitle: { ja: 'このコードは支払い済みです', en: 'This code has already been paid' },
  expiredTitle: { ja: 'このコードは有効期限切れです', en: 'This code has expired' },
  expiredBody: {
    ja: 'お店で新しいコードを作成してもらってください。',
    en: 'Ask the shop to create a new code.',
  },
  deletedTitle: { ja: 'このコードは削除されました', en: 'This code has been deleted' },
  deletedBody: { ja: 'お店がこのコードを取り消しました。', en: 'The shop has withdrawn this code.' },
  canceledTitle: { ja: 'お支払いをキャンセルしました', en: 'Payment canceled' },
  canceledBody: { ja: 'お金は支払われていません。', en: 'No money was paid.' },
  failedTitle: { ja: 'このお支払いは取り消されました', en: 'This payment was canceled' },
  notFoundTitle: { ja: 'ページが見つかりません', en: 'Page not found' },
  notFoundBody: {
    ja: 'コードが存在しないか、URL が正しくありません。',
    en: 'The code does not exist or the address is wrong.',
  },
  forbiddenTitle: { ja: 'この操作は受け付けられません', en: 'This request was refused' },
  forbiddenBody: {
    ja: '別のサイトから送信されたフォームは受け付けません。ページを開き直してからもう一度お試しください。',
    en: 'Forms sent from another site are refused. Reload the page and try again.',
  },
  invalidTitle: { ja: '入力内容を確認してください', en: 'Please check your input' },
  errorTitle: { ja: 'エラーが発生しました', en: 'Something went wrong' },
  errorCode: { ja: 'エラーコード', en: 'Error code' },
  backToPayment: { ja: 'お支払い画面に戻る', en: 'Back to the payment' },
  // user authorization (spec §3: scopes, userAuthorizationId, profileIdentifier)
  consentTitle: { ja: 'アカウント連携の許可', en: 'Allow account linking' },
  consentLead: {
    ja: '{merchant} が次の操作を求めています。',
    en: '{merchant} would like to:',
  },
  consentAgree: { ja: '同意して続ける', en: 'Agree and continue' },
  consentDone: { ja: '連携を許可しました', en: 'Account linked' },
  consentDenied: { ja: '連携をキャンセルしました', en: 'Linking canceled' },
  consentExpiredTitle: { ja: 'この連携リクエストは有効期限切れです', en: 'This linking request has expired' },
  consentExpiredBody: {
    ja: 'お店のページからもう一度やり直してください。',
    en: "Start again from the shop's page.",
  },
  consentUsedTitle: { ja: 'この連携リクエストは処理済みです', en: 'This linking request has already been answered' },
  // higher-amount reauthorization of a pre-authorised payment (published: 201 USER_CONFIRMATION_REQUIRED, url)
  reauthTitle: { ja: '金額変更の承認', en: 'Approve a new amount' },
  reauthLead: {
    ja: '{merchant} が仮売上の金額を増やすことへの承認を求めています。',
    en: '{merchant} asks you to approve a higher authorized amount.',
  },
  currentAmount: { ja: '現在の金額', en: 'Authorized now' },
  newAmount: { ja: '新しい金額', en: 'New amount' },
  approve: { ja: '承認する', en: 'Approve' },
  decline: { ja: '承認しない', en: 'Decline' },
  reauthApproved: { ja: '金額の変更を承認しました', en: 'New amount approved' },
  reauthDeclined: { ja: '金額の変更を承認しませんでした', en: 'New amount not approved' },
  reauthDeclinedBody: {
    ja: '仮売上は元の金額のままです。',
    en: 'The authorization stays at the original amount.',
  },
  reauthExpiredTitle: { ja: 'この承認リクエストは無効です', en: 'This approval request is no longer valid' },
  reauthExpiredBody: {
    ja: '期限（6 時間）が過ぎたか、支払いの状態が変わりました。',
    en: 'Its 6 hours have passed, or the payment has changed.',
  },
  // test users and top-up (spec §3 "Sandbox test users: username and balance"; §6/§9 top-up once a month)
  testUsersTitle: { ja: 'テストユーザー', en: 'Test users' },
  testUsersLead: {
    ja: '{merchant} のテストユーザーと残高です。チャージは 1 ユーザーにつき月 1 回までです。',
    en: "{merchant}'s test users and their balances. Each user can be topped up once a month.",
  },
  username: { ja: 'ユーザー名', en: 'Username' },
  topUp: { ja: 'チャージ', en: 'Top up' },
  topUpAmount: { ja: 'チャージ金額（円）', en: 'Amount (JPY)' },
  topUpCharge: { ja: 'チャージする', en: 'Charge' },
  topUpDone: { ja: '{user} に {amount} をチャージしました。', en: 'Topped up {user} with {amount}.' },
  topUpUsedThisMonth: { ja: '今月はチャージ済み', en: 'Already topped up this month' },
  topUpLimitTitle: { ja: '{user} は今月すでにチャージ済みです', en: '{user} has already been topped up this month' },
  topUpLimitBody: {
    ja: 'サンドボックスの残高チャージは 1 ユーザーにつき月 1 回までです。来月またお試しください。',
    en: 'Sandbox top-up is limited to once a month per user. Try again next month.',
  },
  lastTopUp: { ja: '最終チャージ', en: 'Last top-up' },
  never: { ja: 'なし', en: 'never' },
  useThisUser: { ja: 'このユーザーで支払う', en: 'Pay as this user' },
  signOut: { ja: 'ログアウト', en: 'Sign out' },
  back: { ja: '戻る', en: 'Back' },
  paidBy: { ja: '支払ったユーザー', en: 'Paid by' },
  balanceNow: { ja: '現在の残高', en: 'Balance now' },
} as const satisfies Record<string, Bilingual>

export type WalletTextKey = keyof typeof walletText

/** The text for `key` in `lang`, with `{name}` placeholders filled (values are escaped by the template). */
export function wt(lang: Lang, key: WalletTextKey, values: Record<string, string> = {}): string {
  return walletText[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

export const formatYen = (lang: Lang, amount: number) =>
  new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { style: 'currency', currency: 'JPY' }).format(amount)

export const formatDateTime = (lang: Lang, epochSeconds: number) =>
  new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
    timeZoneName: 'short',
  }).format(new Date(epochSeconds * 1000))

/** The authorization scopes of spec §3 in plain words, as the consent page lists them. */
export const scopeText: Record<string, Bilingual> = {
  direct_debit: { ja: 'あなたの残高から支払いを行う', en: 'Take payments from your balance' },
  cashback: { ja: 'あなたにキャッシュバックを付与する', en: 'Give you cashback' },
  get_balance: { ja: '残高が足りるかどうかを確認する', en: 'Check whether your balance is enough' },
  quick_pay: { ja: 'ワンタップで支払いを行う', en: 'Take one-tap payments' },
  continuous_payments: { ja: '定期的な支払いを行う', en: 'Take recurring payments' },
  merchant_topup: { ja: '加盟店からあなたの残高にチャージする', en: 'Add money to your balance from the merchant' },
  pending_payments: { ja: '支払いのリクエストを送る', en: 'Send you payment requests' },
  user_notification: { ja: 'あなたに通知を送る', en: 'Send you notifications' },
  user_topup: { ja: 'あなたの残高のチャージを受け付ける', en: 'Let you top up your balance' },
  user_profile: { ja: 'あなたのプロフィール（ニックネームなど）を見る', en: 'See your profile (such as your nickname)' },
  preauth_capture_native: { ja: '支払いを仮売上にして後から確定する', en: 'Authorize payments now and capture them later' },
  preauth_capture_transaction: { ja: '仮売上の取引を管理する', en: 'Manage authorized transactions' },
  push_notification: { ja: 'プッシュ通知を送る', en: 'Send you push notifications' },
  notification_center_ob: { ja: 'お知らせセンターにメッセージを送る', en: 'Post messages to your notification center' },
  notification_center_ab: { ja: 'お知らせセンターにお知らせを表示する', en: 'Show notices in your notification center' },
  notification_center_tl: { ja: '取引履歴にメッセージを表示する', en: 'Show messages in your transaction history' },
}

export function describeScope(lang: Lang, scope: string): string {
  return scopeText[scope]?.[lang] ?? scope
}
