import type { I18n } from '@lingui/core'
import { errorEntry, errorMessage, isErrorCode } from './errors.ts'
import type { Bilingual, Lang } from './i18n.ts'
import type { ScenarioId } from './lab.ts'
import type { ProductModel } from './products.ts'

/**
 * The response-code resolver's knowledge base (spec §1 "paste an API endpoint, response code and response text";
 * `/develop/resolve`, `GET /dev/v1/resolve`). One entry per `resultInfo.code` of the provider's published API
 * (../shared/reference) and per code of the portal's account API: meaning, likely cause and fix in both languages,
 * and where the lab reproduces it. The meaning is the catalogue's message when the server itself answers with the
 * code (one source); codes only the real provider answers carry their own. docs/dashboard.md.
 */

export interface LabTarget {
  product: ProductModel
  scenario: ScenarioId
}

export interface ResolverEntry {
  code: string
  status: number
  codeIds: readonly string[]
  /** Set only for codes missing from the server's catalogue (or whose catalogue message is empty). */
  meaning?: Bilingual
  cause: Bilingual
  fix: Bilingual
  lab?: LabTarget
  area: 'opa' | 'account'
}

type Pair = readonly [en: string, ja: string]
const b = ([en, ja]: Pair): Bilingual => ({ en, ja })

function entry(area: ResolverEntry['area'], code: string, cause: Pair, fix: Pair, extra: { lab?: LabTarget; meaning?: Pair; status?: number; codeIds?: string[] } = {}): ResolverEntry {
  // codes only the real provider answers are not in the server's catalogue: their status and codeIds are given here
  const known = isErrorCode(code) ? errorEntry(code) : undefined
  return {
    code,
    area,
    status: extra.status ?? known?.status ?? 400,
    codeIds: extra.codeIds ?? (known ? [known.codeId] : []),
    ...(extra.meaning ? { meaning: b(extra.meaning) } : {}),
    cause: b(cause),
    fix: b(fix),
    ...(extra.lab ? { lab: extra.lab } : {}),
  }
}
const opa = (code: string, cause: Pair, fix: Pair, extra?: Parameters<typeof entry>[4]) => entry('opa', code, cause, fix, extra)
const acct = (code: string, cause: Pair, fix: Pair, extra?: Parameters<typeof entry>[4]) => entry('account', code, cause, fix, extra)

const qr = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'qrcode', scenario })
const native = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'autodebit', scenario })
const preauth = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'preauth_capture', scenario })
const requestMoney = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'request_money', scenario })

const retryLater: Pair = ['Retry later with back-off; treat the payment status as unknown and check it with Get payment details before charging again.', '間隔を空けて再試行してください。決済状態は不明として扱い、再度請求する前に決済の詳細取得で確認してください。']
const linkAgain: Pair = ['Run the user-authorization flow again to get a fresh userAuthorizationId, and store the new id.', 'ユーザー認可フローをやり直して新しい userAuthorizationId を取得し、保存し直してください。']

export const resolverEntries: readonly ResolverEntry[] = [
  // ── common ──────────────────────────────────────────────────────────────────────────────────────────────
  opa('SUCCESS', ['The call worked.', '呼び出しは成功しました。'], ['Nothing to fix; read data for the result.', '修正は不要です。結果は data を確認してください。'], { lab: qr() }),
  opa('REQUEST_ACCEPTED', ['The operation is asynchronous (cancel, cashback): it was accepted and finishes later.', '非同期の操作（キャンセル、キャッシュバックなど）が受け付けられ、後で完了します。'], ['Check the final state later with the matching Get call or wait for the webhook.', '後で対応する取得APIで最終状態を確認するか、Webhookを待ってください。'], { lab: native() }),
  opa('INVALID_PARAMS', ['A field has a value the API does not accept (wrong type, too long, amount not a positive integer, an invalid refund amount).', '項目の値が受け付けられません（型の誤り、長すぎる値、正の整数でない金額、不正な返金額など）。'], ['Compare the body with the API reference; data.issues names the field in the sandbox.', 'APIリファレンスと本文を照らし合わせてください。サンドボックスでは data.issues に項目名が出ます。'], { lab: native('model4') }),
  opa('INVALID_REQUEST_PARAMS', ['The request contains invalid data, for example a currency other than JPY.', 'リクエストに不正なデータがあります（JPY 以外の通貨など）。'], ['Send currency "JPY" and values in the documented formats.', '通貨は "JPY" にし、値は仕様どおりの形式で送ってください。'], { lab: qr() }),
  opa('MISSING_REQUEST_PARAMS', ['A required field or query parameter is missing.', '必須の項目またはクエリパラメータがありません。'], ['Add every field marked required in the API reference.', 'APIリファレンスで必須とされている項目をすべて送ってください。'], { lab: native() }),
  opa('UNAUTHORIZED', ['The OPA-Auth header is missing or wrong: unknown or revoked API key, signature over a different path, body or content type, an epoch more than 2 minutes off, or a reused nonce.', 'OPA-Auth ヘッダーがないか誤っています（未登録または無効化されたAPIキー、異なるパス・本文・Content-Type に対する署名、2分以上ずれたエポック、使用済みのnonce）。'], ['Sign with an active key and its secret, over the path without query, the exact body bytes and content type; sync the clock; use a new nonce per request.', '有効なキーとシークレットで、クエリを除いたパス、送信する本文そのものと Content-Type に署名してください。時計を合わせ、リクエストごとに新しい nonce を使ってください。'], { lab: { product: 'qrcode', scenario: 'model2' } }),
  opa('OP_OUT_OF_SCOPE', ['The key is not allowed this operation: the product is not among the merchant\'s products (Settings → OPA Scopes), the user did not grant the scope, or the key acts for another merchant (X-ASSUME-MERCHANT).', 'このキーには操作が許可されていません。加盟店の商品（設定 → OPAスコープ）に含まれていない、ユーザーがスコープを許可していない、または別の加盟店として呼び出しています（X-ASSUME-MERCHANT）。'], ['Add the product in Settings → OPA Scopes, ask the user for the scope, or send your own merchant id.', '設定 → OPAスコープで商品を追加する、ユーザーにスコープを許可してもらう、または自分の加盟店IDを送ってください。'], { lab: native() }),
  opa('OPA_CLIENT_NOT_FOUND', ['The API client was not found (an older code; removed from the published API in 2026).', 'APIクライアントが見つかりません（2026年に公開APIから削除された古いコードです）。'], ['Check the API key and the environment (sandbox and live keys differ).', 'APIキーと環境を確認してください（サンドボックスと本番のキーは別です）。'], { status: 404, codeIds: ['08100007'], meaning: ['OPA client not found.', 'OPAクライアントが見つかりません。'] }),
  opa('RATE_LIMIT', ['Too many requests in a short time (about 4 or more per second).', '短時間のリクエストが多すぎます（毎秒4件程度以上）。'], ['Slow down and retry with exponential back-off.', '頻度を下げ、指数バックオフで再試行してください。']),
  opa('SERVICE_ERROR', ['Something went wrong on the provider\'s side.', 'プロバイダー側で問題が発生しました。'], retryLater, { status: 500, codeIds: ['08100026'], meaning: ['Something went wrong on the provider side.', 'プロバイダー側で問題が発生しました。'] }),
  opa('INTERNAL_SERVER_ERROR', ['An unexpected failure or a timeout; the outcome of the operation is unknown.', '想定外の失敗またはタイムアウトで、操作の結果は不明です。'], retryLater),
  opa('MAINTENANCE_MODE', ['Scheduled maintenance.', '計画メンテナンス中です。'], ['Retry after the maintenance window.', 'メンテナンス終了後に再試行してください。']),
  opa('SERVICE_UNDER_MAINTENANCE', ['The service is under maintenance.', 'サービスがメンテナンス中です。'], ['Retry after the maintenance window.', 'メンテナンス終了後に再試行してください。'], { status: 503, meaning: ['Service under maintenance.', 'サービスはメンテナンス中です。'] }),
  opa('TRANSACTION_FAILED', ['The transaction failed on the provider\'s side.', 'プロバイダー側で取引が失敗しました。'], ['It is safe to retry as a new transaction (a new merchantPaymentId) after a back-off.', '間隔を空けて、新しい取引（新しい merchantPaymentId）として再試行できます。'], { status: 500, codeIds: ['00200002', '00200003', '00800017'], meaning: ['Transaction failed.', '取引に失敗しました。'] }),
  // ── users ───────────────────────────────────────────────────────────────────────────────────────────────
  opa('INVALID_USER_AUTHORIZATION_ID', ['The userAuthorizationId is unknown, belongs to another merchant, or the user unlinked it.', 'userAuthorizationId が存在しない、別の加盟店のもの、またはユーザーが連携を解除しています。'], linkAgain, { lab: native() }),
  opa('EXPIRED_USER_AUTHORIZATION_ID', ['The user authorization is older than its validity (about one year).', 'ユーザー認可の有効期間（約1年）が過ぎています。'], linkAgain, { lab: native() }),
  opa('USER_STATE_IS_NOT_ACTIVE', ['The user\'s account is not active.', 'ユーザーのアカウントが有効ではありません。'], ['Ask the user to check their account in the wallet app; do not retry automatically.', 'ウォレットアプリでアカウントを確認するようユーザーに伝えてください。自動で再試行しないでください。'], { status: 401, meaning: ['The user is not active.', 'ユーザーは有効な状態ではありません。'] }),
  opa('CANCELED_USER', ['The user has cancelled (closed) their account.', 'ユーザーがアカウントを解約しています。'], ['Stop charging this user and remove the stored link.', 'このユーザーへの請求をやめ、保存している連携を削除してください。'], { codeIds: ['01103027'], meaning: ['User canceled.', 'ユーザーは解約済みです。'] }),
  opa('NO_SUFFICIENT_FUND', ['The user\'s balance does not cover the amount (the sandbox test user jiro has only ¥100).', 'ユーザーの残高が金額に足りません（サンドボックスのテストユーザー jiro は残高100円です）。'], ['Ask the user to top up and retry; in the sandbox top up the test user on the dashboard.', 'ユーザーにチャージを依頼して再試行してください。サンドボックスではダッシュボードでテストユーザーにチャージできます。'], { lab: native() }),
  opa('UNACCEPTABLE_OP', ['The operation is not possible in the order\'s current state (e.g. refund of an unpaid order, or a limit is exceeded).', '注文の現在の状態ではこの操作はできません（未払い注文の返金、上限超過など）。'], ['Read the payment details first and only refund or capture a COMPLETED / AUTHORIZED payment.', '先に決済の詳細を取得し、COMPLETED / AUTHORIZED の決済だけを返金・確定してください。'], { codeIds: ['00200013', '00200014', '00400035'], lab: qr() }),
  opa('LIMIT_EXCEEDED', ['The amount is above an upper limit, e.g. a capture above the authorised amount.', '金額が上限を超えています（オーソリ額を超えるキャプチャなど）。'], ['Capture at most the authorised amount, or reauthorise first.', 'キャプチャはオーソリ額以内にするか、先に再オーソリしてください。'], { meaning: ['Limit exceeded.', '上限を超えています。'] }),
  opa('USER_DEFINED_DAILY_LIMIT_EXCEEDED', ['The user set a 24-hour spending limit and this payment exceeds it.', 'ユーザーが設定した24時間の利用上限を超えています。'], ['Ask the user to raise the limit or pay later.', 'ユーザーに上限の変更を依頼するか、後で支払ってもらってください。'], { meaning: ['User-defined daily limit exceeded.', 'ユーザー設定の1日の上限を超えています。'] }),
  opa('USER_DEFINED_MONTHLY_LIMIT_EXCEEDED', ['The user set a 30-day spending limit and this payment exceeds it.', 'ユーザーが設定した30日間の利用上限を超えています。'], ['Ask the user to raise the limit or pay later.', 'ユーザーに上限の変更を依頼するか、後で支払ってもらってください。'], { meaning: ['User-defined monthly limit exceeded.', 'ユーザー設定の月間上限を超えています。'] }),
  // ── dynamic QR / web payment ────────────────────────────────────────────────────────────────────────────
  opa('DUPLICATE_DYNAMIC_QR_REQUEST', ['A QR code with this merchantPaymentId already exists.', 'この merchantPaymentId のQRコードはすでに存在します。'], ['Use a new merchantPaymentId per order; to recover, read the existing one with Get payment details.', '注文ごとに新しい merchantPaymentId を使ってください。復旧するには既存の注文を決済の詳細取得で確認してください。'], { lab: qr() }),
  opa('PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT', ['isAuthorization is true but the merchant has no pre-authorisation product.', 'isAuthorization が true ですが、加盟店に仮売上の商品がありません。'], ['Add Pre-authorization and Capture in Settings → OPA Scopes, or send isAuthorization false.', '設定 → OPAスコープで仮売上・売上確定を追加するか、isAuthorization を false にしてください。'], { lab: preauth() }),
  opa('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE', ['authorizationExpiry is in the past or beyond the merchant\'s maximum (30 days in the sandbox).', 'authorizationExpiry が過去、または加盟店の上限（サンドボックスでは30日）を超えています。'], ['Send an expiry in the future within the allowed days, or leave it out for the default.', '許可された日数以内の未来の日時を送るか、省略して既定値を使ってください。'], { lab: preauth() }),
  opa('DYNAMIC_QR_BAD_REQUEST', ['The QR request has an invalid header, query or body (missing amount, codeType not ORDER_QR …).', 'QRリクエストのヘッダー、クエリまたは本文が不正です（amount がない、codeType が ORDER_QR でないなど）。'], ['Send merchantPaymentId, amount and codeType "ORDER_QR" in the documented formats.', 'merchantPaymentId、amount、codeType "ORDER_QR" を仕様どおりの形式で送ってください。'], { lab: qr() }),
  opa('DYNAMIC_QR_ALREADY_PAID', ['The QR code was already paid, so it cannot be deleted.', 'QRコードはすでに支払い済みのため削除できません。'], ['Cancel or refund the payment instead.', '代わりに決済をキャンセルまたは返金してください。'], { lab: qr() }),
  opa('DYNAMIC_QR_NOT_FOUND', ['No QR code with this codeId (wrong id, another merchant\'s, or already deleted).', 'この codeId のQRコードはありません（IDの誤り、別の加盟店のもの、または削除済み）。'], ['Use the codeId from the create answer (not the merchantPaymentId).', '作成時の応答の codeId を使ってください（merchantPaymentId ではありません）。'], { lab: qr('model3') }),
  opa('DYNAMIC_QR_PAYMENT_NOT_FOUND', ['No payment for this merchantPaymentId and the QR code is no longer usable (expired, deleted or cancelled unpaid).', 'この merchantPaymentId の支払いはなく、QRコードももう使えません（期限切れ、削除済み、未払いのままキャンセル）。'], ['Create a new QR code with a new merchantPaymentId.', '新しい merchantPaymentId で新しいQRコードを作成してください。'], { lab: qr('model3') }),
  opa('EXPECTATION_FAILED', ['The scope is not contracted, or the redirectUrl is not HTTPS on one of your allowed redirect domains (Settings → Configuration).', 'スコープが契約されていないか、redirectUrl が HTTPS でない、または許可したリダイレクトドメイン（設定 → 構成）にありません。'], ['Use an HTTPS redirectUrl on a domain listed in Settings → Configuration (http://localhost only while localhost is listed or the list is empty).', '設定 → 構成に登録したドメインの HTTPS の redirectUrl を使ってください（http://localhost はリストが空か localhost を登録した場合のみ）。'], { lab: { product: 'webcashier', scenario: 'model1' } }),
  opa('SESSION_NOT_FOUND', ['The account-link session is unknown or expired.', 'アカウント連携のセッションが存在しないか期限切れです。'], ['Create a new account-link QR code.', '新しいアカウント連携QRコードを作成してください。'], { status: 404, meaning: ['Session not found.', 'セッションが見つかりません。'] }),
  // ── payments, cancel, pre-auth ──────────────────────────────────────────────────────────────────────────
  opa('ORDER_NOT_REVERSIBLE', ['The payment can no longer be cancelled: it is refunded, expired, captured or cancelled, or the cancel window (until 00:14:59 the next day) has passed.', 'この決済はもうキャンセルできません（返金済み、期限切れ、確定済み、キャンセル済み、またはキャンセル期限＝翌日0時14分59秒を過ぎています）。'], ['Refund the payment instead of cancelling it.', 'キャンセルではなく返金してください。'], { lab: native() }),
  opa('ORDER_NO_LONGER_AVAILABLE', ['The order was purged by the data-retention policy.', '注文はデータ保持ポリシーにより削除されています。'], ['Treat the order as closed; keep your own records.', '注文は終了したものとして扱い、自社の記録を参照してください。'], { meaning: ['The order is no longer available.', '注文はもう利用できません。'] }),
  opa('SUSPECTED_DUPLICATE_ORDER', ['The same user paid the same amount moments ago; the API suspects a double charge.', '同じユーザーが同じ金額を直前に支払っており、二重請求の疑いがあります。'], ['If the charge is intended, send agreeSimilarTransaction=true.', '意図した請求であれば agreeSimilarTransaction=true を付けて送ってください。'], { lab: native() }),
  opa('USER_CONFIRMATION_REQUIRED', ['The capture or reauthorisation is above the authorised amount, so the user must approve it.', 'キャプチャまたは再オーソリがオーソリ額を超えるため、ユーザーの承認が必要です。'], ['Wait for the user\'s approval (webhook or Get payment details); for a retry use a new merchantCaptureId.', 'ユーザーの承認を待ってください（Webhook または決済の詳細取得）。再試行には新しい merchantCaptureId を使ってください。'], { codeIds: ['08300103', '08300104'], lab: preauth() }),
  opa('REAUTHORIZE_REJECTED', ['The payment is not AUTHORIZED, the payment method does not support it, or the request id was replayed.', '決済が AUTHORIZED でない、支払い方法が対応していない、またはリクエストIDが再送されています。'], ['Reauthorise only AUTHORIZED payments, with a new requestId.', 'AUTHORIZED の決済だけを、新しい requestId で再オーソリしてください。'], { lab: preauth() }),
  opa('PAY_METHOD_INVALIDATED', ['The payment method used for the authorisation is no longer valid.', 'オーソリに使った支払い方法がもう有効ではありません。'], ['Revert the authorisation and ask the user to pay again.', 'オーソリを取り消し、ユーザーに再度支払ってもらってください。'], { meaning: ['The payment method is no longer valid.', '支払い方法はもう有効ではありません。'] }),
  opa('REAUTH_AMOUNT_UNCHANGED', ['updatedAmount equals the authorised amount.', 'updatedAmount がオーソリ額と同じです。'], ['Send a different amount, or skip the reauthorisation.', '異なる金額を送るか、再オーソリを行わないでください。'], { lab: preauth() }),
  opa('REAUTH_MAX_LIMIT_EXCEEDED', ['The payment was reauthorised 10 times already.', 'この決済はすでに10回再オーソリされています。'], ['Capture or revert; a new order is needed to change the amount again.', 'キャプチャまたは取り消しをしてください。再度金額を変えるには新しい注文が必要です。'], { lab: preauth() }),
  opa('REAUTHORIZE_FAILED', ['The reauthorisation could not update the payment.', '再オーソリで決済を更新できませんでした。'], retryLater, { meaning: ['Reauthorization failed.', '再オーソリに失敗しました。'] }),
  opa('RESOURCE_NOT_FOUND', ['Nothing exists at this id or path: a wrong or empty id, another merchant\'s order, or a paymentId where a merchantPaymentId belongs.', 'このIDやパスには何もありません（IDの誤りや空のID、別の加盟店の注文、merchantPaymentId の位置に paymentId を指定）。'], ['Check the id and the path in the API reference.', 'IDとパスをAPIリファレンスで確認してください。'], { codeIds: ['08100007', '00200001', '99200100'], lab: native('model4') }),
  opa('ALREADY_CAPTURED', ['The authorisation was already captured.', 'このオーソリはすでにキャプチャ済みです。'], ['Read the payment details; refund if the amount must change.', '決済の詳細を確認し、金額を変えるなら返金してください。'], { lab: preauth() }),
  opa('HIGHER_CAPTURE_NOT_PERMITTED', ['The merchant may not capture more than the authorised amount.', '加盟店はオーソリ額を超えてキャプチャできません。'], ['Capture at most the authorised amount.', 'オーソリ額以内でキャプチャしてください。'], { codeIds: ['00400062'], meaning: ['A higher capture is not permitted.', 'オーソリ額を超えるキャプチャは許可されていません。'] }),
  opa('ORDER_EXPIRED', ['The authorisation expired before the capture.', 'キャプチャ前にオーソリの期限が切れました。'], ['Create a new pre-authorisation; capture before expiresAt.', '新しい仮売上を作成し、expiresAt より前にキャプチャしてください。'], { lab: preauth() }),
  opa('ORDER_NOT_CAPTURABLE', ['The order is not in a capturable state (not AUTHORIZED).', '注文がキャプチャできる状態（AUTHORIZED）ではありません。'], ['Capture only AUTHORIZED payments.', 'AUTHORIZED の決済だけをキャプチャしてください。'], { lab: preauth() }),
  opa('REAUTHORIZATION_IN_PROGRESS', ['A reauthorisation is waiting for the user.', '再オーソリがユーザーの承認待ちです。'], ['Wait for the user\'s answer, then capture.', 'ユーザーの応答を待ってからキャプチャしてください。'], { codeIds: ['00200038'], meaning: ['Reauthorization in progress.', '再オーソリ中です。'] }),
  opa('TOO_CLOSE_TO_EXPIRY', ['The authorisation expires too soon for this operation.', 'オーソリの期限が近すぎてこの操作はできません。'], ['Capture right away or create a new authorisation.', 'すぐにキャプチャするか、新しいオーソリを作成してください。'], { codeIds: ['00400064'], meaning: ['Too close to expiry.', '期限が近すぎます。'] }),
  opa('ORDER_NOT_CANCELABLE', ['The authorisation cannot be reverted in its state.', 'このオーソリは現在の状態では取り消せません。'], ['Revert only AUTHORIZED payments; refund a captured one.', 'AUTHORIZED の決済だけを取り消し、確定済みのものは返金してください。'], { lab: preauth() }),
  // ── refunds ─────────────────────────────────────────────────────────────────────────────────────────────
  opa('THROTTLED_MULTIPLE_REFUND_REJECTED', ['A similar refund is still being processed.', '同様の返金がまだ処理中です。'], ['Retry after one minute.', '1分後に再試行してください。'], { meaning: ['A similar refund is in progress.', '同様の返金が処理中です。'] }),
  opa('REFUND_LIMIT_EXCEEDED', ['The maximum number of refunds for the order was reached.', '注文の返金回数の上限に達しました。'], ['No further refund is possible for this order.', 'この注文にはこれ以上返金できません。'], { meaning: ['Refund limit exceeded.', '返金の上限を超えています。'] }),
  opa('REFUND_WINDOW_EXCEED', ['The refund window passed (24 hours in the sandbox), or a gift voucher used has expired.', '返金可能期間（サンドボックスでは24時間）を過ぎたか、使用したギフト券の期限が切れています。'], ['Refund within the window; settle older orders outside the API.', '期間内に返金してください。古い注文はAPI以外の方法で精算してください。'], { lab: native() }),
  opa('MERCHANT_MULTIPLE_REFUND_REJECTED', ['The order was refunded once already and multiple refunds are not enabled (one refund per order).', 'この注文はすでに返金済みで、複数回の返金は有効ではありません（1注文につき1回）。'], ['Refund the full amount you need in one refund.', '必要な金額を1回の返金で行ってください。'], { lab: native() }),
  opa('NO_SUCH_REFUND_ORDER', ['No refund with this merchantRefundId (or not for this paymentId).', 'この merchantRefundId の返金はありません（またはこの paymentId のものではありません）。'], ['Use the merchantRefundId you sent when refunding, with the payment\'s paymentId.', '返金時に送った merchantRefundId と決済の paymentId を使ってください。'], { lab: native('model4') }),
  // ── request money ───────────────────────────────────────────────────────────────────────────────────────
  opa('DUPLICATE_REQUEST_ORDER', ['A request order with this merchantPaymentId exists.', 'この merchantPaymentId の支払いリクエストはすでにあります。'], ['Use a new merchantPaymentId per request.', 'リクエストごとに新しい merchantPaymentId を使ってください。'], { lab: requestMoney() }),
  opa('REQUEST_ORDER_NOT_FOUND', ['No request order with this merchantPaymentId.', 'この merchantPaymentId の支払いリクエストはありません。'], ['Check the id; create the request order first.', 'IDを確認し、先に支払いリクエストを作成してください。'], { lab: requestMoney('model2') }),
  opa('INVALID_REQUEST_ORDER_STATE', ['The request order is already paid or cancelled.', '支払いリクエストはすでに支払い済みかキャンセル済みです。'], ['Read its state first; refund a paid one instead.', '先に状態を確認し、支払い済みなら返金してください。'], { lab: requestMoney() }),
  // ── cashback ────────────────────────────────────────────────────────────────────────────────────────────
  opa('VALIDATION_FAILED_EXCEPTION', ['Validation failed, typically a merchantCashbackId used before.', '検証に失敗しました。多くは使用済みの merchantCashbackId です。'], ['Use a new merchantCashbackId per cashback.', 'キャッシュバックごとに新しい merchantCashbackId を使ってください。']),
  opa('FAILURE', ['The cashback could not be given.', 'キャッシュバックを付与できませんでした。'], retryLater, { meaning: ['Failure.', '失敗しました。'] }),
  opa('TRANSACTION_NOT_FOUND', ['No cashback (or transaction) with this id.', 'このIDのキャッシュバック（取引）はありません。'], ['Use the merchantCashbackId you sent.', '送信した merchantCashbackId を使ってください。']),
  // ── sandbox only ────────────────────────────────────────────────────────────────────────────────────────
  opa('SANDBOX_TEST_USER_NOT_FOUND', ['The test user does not belong to this merchant.', 'このテストユーザーはこの加盟店のものではありません。'], ['Pick a test user from the dashboard list.', 'ダッシュボードの一覧からテストユーザーを選んでください。']),
  opa('SANDBOX_TOP_UP_LIMIT', ['This test user was topped up this month already (once a month).', 'このテストユーザーは今月すでにチャージ済みです（月1回）。'], ['Top up another test user, or wait for next month.', '別のテストユーザーにチャージするか、来月まで待ってください。']),
  opa('SANDBOX_SESSION_NOT_FOUND', ['The consent page session expired (30 minutes) or never existed.', '同意画面のセッションが期限切れ（30分）か存在しません。'], ['Start the user authorization again.', 'ユーザー認可を最初からやり直してください。']),
  opa('SANDBOX_DIRECTIVE_INVALID', ['The sandbox was asked (X-Sandbox-Force) for a code this endpoint does not publish, or for a delay (X-Sandbox-Delay-Ms) beyond 30 seconds.', 'このエンドポイントが公開していないコードを X-Sandbox-Force で指定したか、30秒を超える遅延を X-Sandbox-Delay-Ms で指定しました。'], ['Pick one of the codes listed in data.applicable, and a delay from 0 to 30000 ms.', 'data.applicable に示されたコードのいずれかと、0〜30000 ミリ秒の遅延を指定してください。']),
  opa('SANDBOX_LOG_ENTRY_NOT_FOUND', ['The request log has no entry with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.', 'この加盟店のリクエストログにこのIDはありません。削除された（最新200件のみ保持）か、別の加盟店のものです。'], ['Reload the request log and pick an entry from it.', 'リクエストログを再読み込みして、その中から選んでください。']),
  opa('SANDBOX_LOG_ENTRY_NOT_REPLAYABLE', ['The logged request cannot be rebuilt: its body was masked or cut, or the merchant has no active API key.', 'ログのリクエストを再現できません。本文がマスクまたは切り詰められているか、加盟店に有効なAPIキーがありません。'], ['Send the request again from your own client, or generate an API key.', '自分のクライアントから送り直すか、APIキーを発行してください。']),
  opa('SANDBOX_SEED_INVALID', ['The seed file breaks its schema (sizes, id patterns, amount ranges) or points at a test user, authorization or refund that is not in it.', 'シードファイルがスキーマ（件数、IDの形式、金額の範囲）に反しているか、ファイルにないテストユーザー・認可・返金を参照しています。'], ['Fix each path listed in data.issues; docs/sandbox-state.md has a valid example.', 'data.issues に示された各箇所を直してください。docs/sandbox-state.md に正しい例があります。']),
  opa('SANDBOX_SNAPSHOT_NOT_FOUND', ['The snapshot was deleted or belongs to another merchant.', 'スナップショットが削除されたか、別の加盟店のものです。'], ['List the snapshots (GET /sandbox/api/snapshots) and use an id from it.', 'スナップショット一覧（GET /sandbox/api/snapshots）のIDを使ってください。']),
  opa('SANDBOX_SNAPSHOT_LIMIT', ['The merchant keeps 5 snapshots already.', 'この加盟店はすでに5件のスナップショットを保存しています。'], ['Delete a snapshot you no longer need, then take the new one.', '不要なスナップショットを削除してから、新しく作成してください。']),
  opa('SANDBOX_SNAPSHOT_TOO_LARGE', ['The sandbox holds more than 2 MB of rows.', 'サンドボックスのデータが2MBを超えています。'], ['Reset the sandbox or load a smaller seed file, then take the snapshot.', 'サンドボックスをリセットするか小さいシードファイルを読み込んでから、スナップショットを作成してください。']),
  opa('SANDBOX_SHARED_MERCHANT', ['A reset, seed or restore was signed with the public demo merchant\'s key, whose data every visitor shares.', '全員が共有する公開デモ加盟店のキーで、リセット・シード・復元を呼び出しました。'], ['Sign up and use your own merchant\'s API key and secret.', '新規登録して、自分の加盟店のAPIキーとシークレットを使ってください。']),
  opa('SANDBOX_WEBHOOK_NOT_FOUND', ['The webhook log has no delivery with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.', 'この加盟店のWebhookログにこのIDの配信はありません。削除された（最新200件のみ保持）か、別の加盟店のものです。'], ['List the deliveries (GET /sandbox/api/webhooks) and use an id from it.', '配信一覧（GET /sandbox/api/webhooks）を取得し、その中のIDを使ってください。']),
  opa('METHOD_NOT_ALLOWED', ['The path exists but not with this HTTP method.', 'このパスは存在しますが、このHTTPメソッドでは使えません。'], ['Use the method given in the API reference (e.g. DELETE to cancel, GET to read).', 'APIリファレンスのメソッドを使ってください（キャンセルは DELETE、取得は GET など）。']),
  opa('PAYLOAD_TOO_LARGE', ['The request body is over 1 MB.', 'リクエストの本文が1MBを超えています。'], ['Send only the documented fields.', '仕様にある項目だけを送ってください。']),
  opa('UNSUPPORTED_MEDIA_TYPE', ['The body is not JSON.', '本文が JSON ではありません。'], ['Send JSON with Content-Type application/json.', 'Content-Type application/json で JSON を送ってください。']),
  // ── portal account API ──────────────────────────────────────────────────────────────────────────────────
  acct('040000019', ['Sign-up with an e-mail that already has a developer account.', 'すでに開発者アカウントがあるメールアドレスで新規登録しようとしました。'], ['Sign in instead, or sign up with another e-mail.', 'サインインするか、別のメールアドレスで登録してください。']),
  acct('040000018', ['The e-mail belongs to a wallet-app or business account (non developer account).', 'メールアドレスがウォレットアプリまたはビジネス向けのアカウントのものです（開発者アカウントではありません）。'], ['At sign-in accept the terms to make it a developer account; at sign-up use another e-mail.', 'サインイン時は利用規約に同意して開発者アカウントにしてください。新規登録時は別のメールアドレスを使ってください。']),
  acct('040000002', ['No account exists for this e-mail.', 'このメールアドレスのアカウントはありません。'], ['Sign up first.', '先に新規登録してください。']),
  acct('01102004', ['The e-mail or the password is wrong.', 'メールアドレスまたはパスワードが違います。'], ['Check both, or reset the password.', '両方を確認するか、パスワードを再設定してください。']),
  acct('01101007', ['Too many failed sign-ins: the account is locked for 15 minutes.', 'サインインの失敗が多すぎるため、アカウントが15分間ロックされています。'], ['Wait, then sign in; reset the password if you forgot it.', '待ってからサインインしてください。忘れた場合はパスワードを再設定してください。']),
  acct('040000020', ['Sign-in from a new device needs a one-time password.', '新しい端末からのサインインにはワンタイムパスワードが必要です。'], ['Enter the 4-digit code mailed to you.', 'メールで届いた4桁のコードを入力してください。'], { meaning: ['One-time password required.', 'ワンタイムパスワードが必要です。'] }),
  acct('01103101', ['A new one-time password was asked for before the 60-second wait ended.', '60秒の待ち時間が終わる前にワンタイムパスワードの再送を求めました。'], ['Wait for the countdown, then resend.', 'カウントダウンが終わってから再送してください。'], { meaning: ['Please wait before requesting a new OTP.', '新しいOTPを要求する前にお待ちください。'] }),
  acct('INVALID_GRANT', ['The one-time password is wrong.', 'ワンタイムパスワードが違います。'], ['Enter the latest code from the mail.', 'メールの最新のコードを入力してください。']),
  acct('OTP_EXPIRED', ['The one-time password expired (10 minutes) or was used.', 'ワンタイムパスワードの期限（10分）が切れたか使用済みです。'], ['Start again to get a new code.', 'やり直して新しいコードを受け取ってください。']),
  acct('OTP_ATTEMPTS_EXCEEDED', ['Five wrong one-time passwords in a row.', 'ワンタイムパスワードを5回続けて間違えました。'], ['Start again to get a new code.', 'やり直して新しいコードを受け取ってください。']),
  acct('SIGNUP_FAILED', ['Sign-up could not be completed.', '新規登録を完了できませんでした。'], ['Try again later.', 'しばらくしてから再度お試しください。']),
  acct('PASSWORD_RESET_FAILED', ['The reset mail could not be sent.', '再設定メールを送信できませんでした。'], ['Try again later.', 'しばらくしてから再度お試しください。']),
  acct('EMAIL_INVALID', ['The e-mail address is not valid.', 'メールアドレスが正しくありません。'], ['Enter an address like name@example.com.', 'name@example.com のような形式で入力してください。']),
  acct('PASSWORD_POLICY', ['The password breaks the policy.', 'パスワードがポリシーを満たしていません。'], ['Use 6 to 32 characters with a symbol, a digit, a lowercase and an uppercase letter.', '記号・数字・小文字・大文字を含む6〜32文字にしてください。']),
  acct('TERMS_TICKET_INVALID', ['The terms acceptance took too long (10 minutes).', '利用規約への同意に時間がかかりすぎました（10分）。'], ['Sign in again.', 'もう一度サインインしてください。']),
  acct('RESET_TOKEN_INVALID', ['The password-reset link expired (30 minutes) or was used.', 'パスワード再設定リンクの期限（30分）が切れたか使用済みです。'], ['Ask for a new reset mail.', '再設定メールをもう一度依頼してください。']),
  acct('LOGO_REQUIRED', ['No logo file was sent.', 'ロゴファイルが送信されていません。'], ['Choose a JPG or PNG logo, or skip the step.', 'JPG または PNG のロゴを選ぶか、この手順をスキップしてください。']),
  acct('LOGO_TYPE', ['The file is not a JPG or PNG image.', 'ファイルが JPG または PNG 画像ではありません。'], ['Upload a JPG or PNG.', 'JPG または PNG をアップロードしてください。']),
  acct('LOGO_TOO_LARGE', ['The logo file is larger than 256 KB.', 'ロゴファイルが256KBを超えています。'], ['Compress or shrink the image.', '画像を圧縮するか小さくしてください。']),
  acct('LOGO_DIMENSIONS', ['The logo is not square or larger than 222×222 px.', 'ロゴが正方形でないか、222×222ピクセルを超えています。'], ['Upload a square image up to 222×222 px.', '222×222ピクセル以下の正方形の画像をアップロードしてください。']),
  acct('MERCHANT_ALREADY_CREATED', ['The account has its merchant already.', 'このアカウントの加盟店はすでに作成されています。'], ['Go to the dashboard.', 'ダッシュボードに進んでください。']),
  acct('EMAIL_MISMATCH', ['The e-mail in the request is not the signed-in account\'s.', 'リクエストのメールアドレスがサインイン中のアカウントのものではありません。'], ['Send the signed-in account\'s e-mail.', 'サインイン中のアカウントのメールアドレスを送ってください。']),
  acct('API_KEY_LIMIT', ['The merchant has 20 active keys.', 'この加盟店の有効なキーが20個あります。'], ['Revoke keys you no longer use, then generate a new one.', '使っていないキーを無効にしてから新しいキーを発行してください。']),
  acct('ASSUMED_MERCHANT_REFUSED', ['X-ASSUME-MERCHANT names a merchant that is not yours or not the selected mode\'s.', 'X-ASSUME-MERCHANT があなたの加盟店でないか、選択中のモードの加盟店ではありません。'], ['Send the merchant id of the selected mode (test or live) shown on the dashboard.', 'ダッシュボードに表示される、選択中のモード（テストまたは本番）の加盟店IDを送ってください。']),
  acct('MERCHANT_REQUIRED', ['Sign-up stopped before the merchant was created.', '加盟店の作成前に新規登録が止まっています。'], ['Finish sign-up (merchant and products).', '新規登録（加盟店と商品）を完了してください。']),
  acct('LIVE_MODE_INACTIVE', ['Live mode was asked for before the account was activated.', 'アカウントの有効化前に本番モードを要求しました。'], ['Activate the account from the dashboard.', 'ダッシュボードからアカウントを有効化してください。']),
  acct('API_KEY_NOT_FOUND', ['No active key with this id (already revoked, or another merchant\'s).', 'このIDの有効なキーはありません（無効化済み、または別の加盟店のもの）。'], ['Refresh the key list.', 'キーの一覧を更新してください。']),
  acct('API_KEY_LAST', ['Revoking it would leave the merchant without a key.', '無効にすると加盟店のキーがなくなります。'], ['Generate a new key first, switch your code to it, then revoke the old one.', '先に新しいキーを発行してコードを切り替えてから、古いキーを無効にしてください。']),
  acct('MERCHANT_TOP_UP_LIMIT', ['The sandbox balance was topped up this month already (once a month).', 'サンドボックスの残高は今月すでにチャージ済みです（月1回）。'], ['Wait for next month, or top up a single test user.', '来月まで待つか、テストユーザー1人ずつにチャージしてください。']),
]

const byCode = new Map(resolverEntries.map((e) => [e.code, e]))

/** Normalises what a developer pastes: `"UNAUTHORIZED"`, `unauthorized`, ` code: UNAUTHORIZED `. */
const normalise = (code: string) => code.trim().replace(/^["'`]+|["'`,]+$/g, '').replace(/^code\s*[:=]\s*/i, '').trim().toUpperCase()

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = temp
    }
  }
  return row[b.length]!
}

/** Lab page link of a target (the portal's route, product tab by search param). */
export const labPathOf = (t: LabTarget) => `/develop/paylab-lab?product=${t.product}&scenario=${t.scenario}`

export interface ResolvedEntry {
  code: string
  status: number
  codeIds: string[]
  meaning: string
  cause: string
  fix: string
  lab: (LabTarget & { path: string }) | null
}

const view = (e: ResolverEntry, lang: Lang, i18n: I18n): ResolvedEntry => ({
  code: e.code,
  status: e.status,
  codeIds: [...e.codeIds],
  // its own meaning, else the message of the server's catalogue (a code it does not know has none), else the cause
  meaning: (e.meaning ? e.meaning[lang] : isErrorCode(e.code) ? errorMessage(i18n, e.code) : '') || e.cause[lang],
  cause: e.cause[lang],
  fix: e.fix[lang],
  lab: e.lab ? { ...e.lab, path: labPathOf(e.lab) } : null,
})

/**
 * Looks a pasted code up: exactly by code, else by codeId (a code that is really a codeId, or `codeId`), else
 * not found with up to five near matches (edit distance, or one code containing the other).
 */
export function resolveCode(query: { code: string; codeId?: string; apiName?: string }, i18n: I18n) {
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'ja'
  const code = normalise(query.code)
  const codeId = query.codeId?.trim() || (/^\d{6,10}$/.test(code) ? code : undefined)
  let found = byCode.get(code)
  if (!found && codeId) {
    const matches = resolverEntries.filter((e) => e.codeIds.includes(codeId))
    found = matches.length === 1 ? matches[0] : undefined
  }
  const near = found || code === ''
    ? []
    : resolverEntries
        .map((e) => ({ e, d: e.code.includes(code) || code.includes(e.code) ? 0 : distance(code, e.code) }))
        .filter(({ e, d }) => d <= Math.max(2, Math.floor(e.code.length / 3)) || (codeId !== undefined && e.codeIds.includes(codeId)))
        .sort((x, y) => x.d - y.d || x.e.code.localeCompare(y.e.code))
        .slice(0, 5)
        .map(({ e }) => ({ code: e.code, meaning: view(e, lang, i18n).meaning }))
  return {
    query: { code: query.code, code_id: query.codeId ?? null, api_name: query.apiName ?? null },
    found: found !== undefined,
    entry: found ? view(found, lang, i18n) : null,
    near,
  }
}
