import { registerErrors } from './errors.ts'

/**
 * Error catalogue of the account API (spec §8). The numeric codes are the provider's; the named ones are
 * PayLab's own for cases the spec leaves "not shown". HTTP statuses are our choice (table in docs/accounts.md).
 * Texts the spec quotes are kept verbatim, including its spelling ('Somthing').
 */
export const accountErrors = registerErrors({
  /** Sign-up with an e-mail that already has a developer account. */
  '040000019': {
    status: 409,
    codeId: '040000019',
    message: {
      ja: 'このメールアドレスは既に登録されています。サインインするか、別のメールアドレスで登録してください。',
      en: 'This e-mail address is already registered. Please sign in, or sign up with a different e-mail address.',
    },
  },
  /**
   * 'Non developer account': the e-mail belongs to a wallet-app (or business product) account. At sign-in it
   * opens the terms-acceptance panel; at sign-up it asks for an address not used in the app.
   */
  '040000018': {
    status: 403,
    codeId: '040000018',
    message: {
      ja: 'このメールアドレスはアプリまたはビジネス向けサービスで使用されています。アプリやビジネス向けサービスで使用していないメールアドレスで登録してください。',
      en: 'This e-mail address is used in the app or a business product. Please register with an e-mail address not used in the app or a business product.',
    },
  },
  /** Sign-in with an e-mail that has no account at all. */
  '040000002': {
    status: 404,
    codeId: '040000002',
    message: {
      ja: 'このメールアドレスの開発者アカウントはありません。新規登録してください。',
      en: 'There is no developer account for this e-mail address. Please sign up.',
    },
  },
  '01102004': {
    status: 401,
    codeId: '01102004',
    message: {
      ja: 'メールアドレスまたはパスワードが正しくありません。',
      en: 'The e-mail address or password is incorrect.',
    },
  },
  '01101007': {
    status: 423,
    codeId: '01101007',
    message: {
      ja: 'ログインの失敗回数が上限に達したため、アカウントを一時的にロックしました。しばらくしてから再度お試しください。',
      en: 'Too many failed logins. The account is temporarily locked; please try again later.',
    },
  },
  /** Sign-in needs a one-time password (new device): data.otp_reference_id opens the OTP panel. Empty message (spec §8). */
  '040000020': { status: 403, codeId: '040000020', message: { ja: '', en: '' } },
  /** Resend asked before the cooldown ended: data.retry_after_seconds; the portal shows its own countdown text. Empty message (spec §8). */
  '01103101': { status: 429, codeId: '01103101', message: { ja: '', en: '' } },
  /** A wrong one-time password (spec §8 'invalid grant' with the OTP). */
  INVALID_GRANT: {
    status: 400,
    codeId: '01102005',
    message: { ja: 'ワンタイムパスワードが無効です。', en: 'OTP is not valid.' },
  },
  OTP_EXPIRED: {
    status: 410,
    codeId: '01103102',
    message: {
      ja: 'ワンタイムパスワードの有効期限が切れたか、使用済みです。最初からやり直してください。',
      en: 'This one-time password has expired or was already used. Please start again.',
    },
  },
  OTP_ATTEMPTS_EXCEEDED: {
    status: 410,
    codeId: '01103103',
    message: {
      ja: 'ワンタイムパスワードの入力に所定の回数失敗しました。最初からやり直してください。',
      en: 'Too many wrong one-time passwords. Please start again.',
    },
  },
  SIGNUP_FAILED: {
    status: 502,
    codeId: '040000099',
    message: { ja: '問題が発生しました。しばらくしてから再度お試しください。', en: 'Somthing went wrong, Try again later' },
  },
  PASSWORD_RESET_FAILED: {
    status: 502,
    codeId: '040000098',
    message: {
      ja: '問題が発生しました。しばらくしてから再度お試しください。',
      en: 'Oops! Something went wrong. Please try again later.',
    },
  },
  EMAIL_INVALID: { status: 400, codeId: '08100006', message: { ja: 'メールが無効です！', en: 'Email is not valid!' } },
  PASSWORD_POLICY: {
    status: 400,
    codeId: '08100006',
    message: {
      ja: 'パスワードは6〜32文字で、記号・数字・英小文字・英大文字をそれぞれ1文字以上含めてください。',
      en: 'The password must be 6 to 32 characters with at least one symbol, one digit, one lowercase and one uppercase letter.',
    },
  },
  TERMS_TICKET_INVALID: {
    status: 400,
    codeId: '040000021',
    message: {
      ja: '利用規約の同意の有効期限が切れました。もう一度サインインしてください。',
      en: 'The terms acceptance has expired. Please sign in again.',
    },
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    codeId: '040000022',
    message: {
      ja: 'パスワード再設定リンクが無効か、有効期限が切れています。もう一度お手続きください。',
      en: 'This password reset link is invalid or has expired. Please request a new one.',
    },
  },
  LOGO_REQUIRED: {
    status: 400,
    codeId: '040000030',
    message: { ja: 'サービスロゴをアップロードしてください', en: 'Kindly upload your logo!' },
  },
  LOGO_TYPE: {
    status: 415,
    codeId: '040000031',
    message: {
      ja: 'ロゴはJPGまたはPNG形式の画像をアップロードしてください。',
      en: 'The logo must be a JPG or PNG image.',
    },
  },
  LOGO_TOO_LARGE: {
    status: 413,
    codeId: '040000032',
    message: { ja: 'ロゴのファイルサイズは256KB以下にしてください。', en: 'The logo file must be 256 KB or smaller.' },
  },
  LOGO_DIMENSIONS: {
    status: 400,
    codeId: '040000033',
    message: {
      ja: 'ロゴは222×222ピクセル以下の正方形（縦横比1:1）にしてください。',
      en: 'The logo must be square (1:1) and at most 222×222 pixels.',
    },
  },
  MERCHANT_ALREADY_CREATED: {
    status: 409,
    codeId: '040000034',
    message: { ja: 'このアカウントの加盟店は既に作成されています。', en: 'The merchant of this account has already been created.' },
  },
  EMAIL_MISMATCH: {
    status: 403,
    codeId: '040000035',
    message: {
      ja: 'メールアドレスがサインイン中のアカウントと一致しません。',
      en: 'The e-mail address does not match the signed-in account.',
    },
  },
  API_KEY_LIMIT: {
    status: 409,
    codeId: '040000036',
    message: {
      ja: '有効なAPIキーの数が上限に達しています。',
      en: 'This merchant already has the maximum number of active API keys.',
    },
  },
})

export type AccountErrorCode = keyof typeof accountErrors
