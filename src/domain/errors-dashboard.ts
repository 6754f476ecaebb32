import { errorOf, registerErrors } from './errors.ts'

/**
 * Error codes of the signed-in developer's tools (issue 12; docs/dashboard.md): mode and assumed merchant, keys,
 * top-up. PayLab's own codes (the spec shows none for these calls); codeIds start with `98`.
 */
const e = errorOf

export const dashboardErrors = registerErrors({
  ASSUMED_MERCHANT_REFUSED: e(403, '98000001', 'X-ASSUME-MERCHANT names a merchant that is not yours, or not the one of the selected mode.', 'X-ASSUME-MERCHANT に指定された加盟店はあなたの加盟店ではないか、選択中のモードの加盟店ではありません。'),
  MERCHANT_REQUIRED: e(409, '98000002', 'Finish sign-up first: the account has no merchant yet.', '先に新規登録を完了してください。このアカウントにはまだ加盟店がありません。'),
  LIVE_MODE_INACTIVE: e(409, '98000003', 'Live mode is not activated yet. Activate the account first.', '本番モードはまだ有効化されていません。先にアカウントを有効化してください。'),
  API_KEY_NOT_FOUND: e(404, '98000004', 'No active API key with this id.', 'このIDの有効なAPIキーはありません。'),
  API_KEY_LAST: e(409, '98000005', 'This is the last active key of the merchant. Generate a new key before revoking it.', 'この加盟店で最後の有効なキーです。無効にする前に新しいキーを発行してください。'),
  MERCHANT_TOP_UP_LIMIT: e(409, '98000006', 'The sandbox balance was already topped up this month. Try again next month.', 'サンドボックスの残高は今月すでにチャージ済みです。来月またお試しください。'),
})
