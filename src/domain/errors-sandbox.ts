import { errorOf, registerErrors } from './errors.ts'

/**
 * Error codes of the OPA sandbox, with the provider's published HTTP status and codeId where one is published
 * (reference tables of the Dynamic QR API description and the official SDKs). Where the provider publishes a
 * code but no codeId, PayLab invents one starting with `99`; docs/sandbox.md lists them as invented.
 * Codes that differ in codeId by endpoint (INVALID_PARAMS, RESOURCE_NOT_FOUND, UNACCEPTABLE_OP …) are thrown
 * with an override from `opaCodeIds` below.
 */
const e = errorOf

export const sandboxErrors = registerErrors({
  USER_CONFIRMATION_REQUIRED: e(202, '08300103', 'User confirmation required as requested amount is above allowed limit.', 'リクエストされた金額が上限を超えているため、ユーザーの確認が必要です。'),
  DUPLICATE_DYNAMIC_QR_REQUEST: e(400, '01652073', 'Duplicate Dynamic QR request.', '重複した動的QRリクエストです。'),
  PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT: e(400, '00400060', 'Merchant is not enabled for pre-authorisation and capture.', '加盟店は仮売上に対応していません。'),
  PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE: e(400, '00400061', 'The expiry is beyond the maximum allowed for the merchant.', '有効期限が加盟店の上限を超えています。'),
  DYNAMIC_QR_BAD_REQUEST: e(400, '01650000', 'Dynamic QR bad request error.', '動的QRのリクエストが不正です。'),
  DYNAMIC_QR_ALREADY_PAID: e(400, '01652074', 'Dynamic QR already paid.', 'この動的QRはすでに支払い済みです。'),
  DYNAMIC_QR_NOT_FOUND: e(404, '01652072', 'Dynamic QR code not found.', '動的QRコードが見つかりません。'),
  DYNAMIC_QR_PAYMENT_NOT_FOUND: e(400, '01652075', 'Dynamic QR payment not found.', '動的QRの支払いが見つかりません。'),
  ORDER_NOT_REVERSIBLE: e(400, '00200044', 'The order cannot be reversed.', 'この注文は取り消せません。'),
  REAUTHORIZE_REJECTED: e(400, '99200101', 'The reauthorization was rejected.', '再オーソリは拒否されました。'),
  REAUTH_AMOUNT_UNCHANGED: e(400, '99200102', 'The amount is the same as the authorised amount.', '金額がオーソリ済みの金額と同じです。'),
  REAUTH_MAX_LIMIT_EXCEEDED: e(400, '99200103', 'The maximum number of reauthorizations was exceeded.', '再オーソリの上限回数を超えました。'),
  UNACCEPTABLE_OP: e(400, '00200013', 'The order cannot be refunded.', 'この注文は返金できません。'),
  ALREADY_CAPTURED: e(400, '00200039', 'The order is already captured.', 'この注文はすでにキャプチャ済みです。'),
  ORDER_EXPIRED: e(400, '00200043', 'The order has already expired.', 'この注文はすでに期限切れです。'),
  ORDER_NOT_CAPTURABLE: e(400, '00200035', 'The order is not capturable.', 'この注文はキャプチャできません。'),
  ORDER_NOT_CANCELABLE: e(400, '00200042', 'The order cannot be canceled.', 'この注文はキャンセルできません。'),
  NO_SUFFICIENT_FUND: e(400, '99200104', 'Insufficient balance.', '残高が不足しています。'),
  REFUND_WINDOW_EXCEED: e(400, '99200105', 'The refund window has passed.', '返金可能期間を過ぎています。'),
  MERCHANT_MULTIPLE_REFUND_REJECTED: e(403, '99200106', 'Multiple refunds are not enabled for this merchant.', 'この加盟店では複数回の返金はできません。'),
  NO_SUCH_REFUND_ORDER: e(404, '00200018', 'Refund not found.', '返金が見つかりません。'),
  SUSPECTED_DUPLICATE_ORDER: e(400, '99200107', 'A similar order was just made; pass agreeSimilarTransaction=true to continue.', '同様の注文が直前に行われました。続ける場合は agreeSimilarTransaction=true を指定してください。'),
  INVALID_USER_AUTHORIZATION_ID: e(401, '99100101', 'The user authorization id is invalid.', 'ユーザー認可IDが無効です。'),
  EXPIRED_USER_AUTHORIZATION_ID: e(401, '99100102', 'The user authorization id has expired.', 'ユーザー認可IDの有効期限が切れています。'),
  DUPLICATE_REQUEST_ORDER: e(400, '99200108', 'A request order with the same merchantPaymentId exists.', '同じ merchantPaymentId の請求がすでに存在します。'),
  REQUEST_ORDER_NOT_FOUND: e(404, '99200109', 'Request order not found.', '請求が見つかりません。'),
  INVALID_REQUEST_ORDER_STATE: e(409, '99200110', 'The request order is not in a cancelable state.', 'この請求はキャンセルできる状態ではありません。'),
  EXPECTATION_FAILED: e(400, '08100017', 'The scope is not contracted or the redirect URL is not allowed.', 'スコープが契約されていないか、リダイレクトURLが許可されていません。'),
  VALIDATION_FAILED_EXCEPTION: e(400, '99200111', 'Validation failed (for example a reused merchantCashbackId).', '検証に失敗しました（merchantCashbackId の再利用など）。'),
  TRANSACTION_NOT_FOUND: e(404, '99200112', 'Transaction not found.', '取引が見つかりません。'),
  SANDBOX_TEST_USER_NOT_FOUND: e(404, '99900001', 'Test user not found.', 'テストユーザーが見つかりません。'),
  SANDBOX_TOP_UP_LIMIT: e(400, '99900002', 'This test user was already topped up this month.', 'このテストユーザーは今月すでにチャージ済みです。'),
  SANDBOX_SESSION_NOT_FOUND: e(404, '99900003', 'The authorization session was not found or has expired.', '認可セッションが見つからないか、有効期限が切れています。'),
  SANDBOX_DIRECTIVE_INVALID: e(400, '99900004', 'The X-Sandbox-Force code does not apply to this endpoint, or X-Sandbox-Delay-Ms is out of range.', 'X-Sandbox-Force のコードがこのエンドポイントに該当しないか、X-Sandbox-Delay-Ms が範囲外です。'),
  SANDBOX_LOG_ENTRY_NOT_FOUND: e(404, '99900005', 'No request log entry with this id for this merchant.', 'この加盟店にこのIDのリクエストログはありません。'),
  SANDBOX_LOG_ENTRY_NOT_REPLAYABLE: e(409, '99900006', 'This request cannot be sent again: its body was masked or cut in the log, or the merchant has no active key.', 'このリクエストは再送できません。ログで本文がマスクまたは切り詰められているか、加盟店に有効なキーがありません。'),
  SANDBOX_LOG_ENTRY_NOT_VERIFIED: e(403, '99900007', 'This request cannot be signed again or replayed: its signature did not verify when it arrived (it may not come from your server). Inspect it in the signature debugger.', 'このリクエストは再署名も再送もできません。受信時に署名が検証されていません（あなたのサーバーから送られたものではない可能性があります）。署名デバッガーで内容を確認してください。'),
  SANDBOX_WEBHOOK_NOT_FOUND: e(404, '99900012', 'No webhook delivery with this id for this merchant.', 'この加盟店にこのIDのWebhook配信はありません。'),
})

/** Endpoint-specific codeIds of codes whose codeId differs by endpoint (published tables). */
export const opaCodeIds = {
  refundInvalidAmount: '00200015',
  refundInvalidParams: '00200004',
  refundResourceNotFound: '00200001',
  multipleRefundNotAllowed: '00200014',
  reauthorizeConfirmation: '08300104',
  /** RESOURCE_NOT_FOUND on capture / revert / reauthorize: no codeId published. */
  orderNotFound: '99200100',
} as const
