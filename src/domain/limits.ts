/** Business constants and limits of spec §9. One source of truth for server, machines and web. */
export const limits = {
  /** Mails a visitor asks for without an account (sign-up link, mini-app request): per address and per client per window. */
  requestMails: { perAddress: 3, perClient: 10, windowMs: 60 * 60_000 },
  otpResendCooldownMs: 60_000,
  otpLength: 4,
  passwordMinLength: 6,
  passwordMaxLength: 32,
  merchantPaymentIdMaxLength: 64,
  currency: 'JPY',
  timeouts: { shortMs: 15_000, normalMs: 25_000, longMs: 30_000 },
  chunkLoadErrorAfterMs: 120_000,
  contentCache: { maxEntries: 500, ttlMs: 30 * 60_000 },
  searchDebounceMs: 500,
  /** Search words: at most this many characters (the server refuses longer ones; the dialog says so). */
  searchMaxLength: 200,
  copyFeedbackProfileMs: 1_000,
  copyFeedbackCodeMs: 4_000,
  tabFadeMs: 500,
  breakpoints: { mobileMaxPx: 900, tabletMaxPx: 1139, mobileRedirectMaxPx: 991 },
  demoPollIntervalMs: 3_000,
  demoPollTotalMs: 300_000,
  alertDisplayMs: 45_000,
  autoRefundDelayMs: 30_000,
  retry: { limit: 3, baseMs: 1_000 },
  /** The payment demos (spec §3, §5, §9): cake price, the amount field's bounds, the merchant payment id prefix. */
  demo: {
    cakePriceYen: 1,
    amountMin: 0,
    amountMax: 100,
    merchantPaymentIdPrefix: 'DEVELOPER-PANEL-DEMO-',
    /** The demo API (issue 13): calls per client and minute (polling every 3 s is 20), PayLab choice. */
    requestsPerMinute: 300,
    /** Spec §9: the authorisation payload of the portal expires after 6 minutes. */
    authorizationExpiryMs: 6 * 60_000,
    /** The demo merchant's test user behind GET /v1/demos/autoDebitId. */
    autoDebitTestUser: 'taro',
  },
  transactions: { defaultPage: 0, defaultPageSize: 10, pageSizes: [10, 20, 50] as const },
  webinarCookieDays: 1,
  errorReporting: { errorSampleRate: 0.05, traceSampleRate: 0.0005 },
  /** The OPA sandbox (issue 4): windows of spec §4/§9 and the published API; choices in docs/sandbox.md. */
  sandbox: {
    /** OPA-Auth: the request epoch must be within this of server time; a nonce is remembered this long. */
    authEpochWindowMs: 120_000,
    /** An unpaid test QR code cancels itself after this (PayLab choice; the published API gives no default). */
    qrCodeLifetimeMs: 5 * 60_000,
    /** Spec §4: a paid test QR payment cancels itself this long after payment (Settings switch, on by default). */
    qrAutoCancelMs: 60_000,
    /** Cancel is allowed until 00:14:59 Japan time on the day after the payment (spec §4, §9). */
    cancelDeadlineJstMinuteOfNextDay: 15,
    /** Refund within 24 hours of payment (spec §9). */
    refundWindowMs: 24 * 60 * 60_000,
    /** Default and maximum pre-authorisation expiry granted to sandbox merchants (PayLab choice). */
    preauthDefaultExpiryMs: 7 * 24 * 60 * 60_000,
    preauthMaxExpiryMs: 30 * 24 * 60 * 60_000,
    /**
     * Spec §4: a capture above the authorised amount is allowed only within a range (and with the user's consent).
     * The spec names no figure: PayLab allows up to this multiple of the authorised amount (docs/sandbox.md);
     * beyond it the capture is refused with LIMIT_EXCEEDED.
     */
    higherCaptureMaxRatio: 2,
    /** Published: at most 10 reauthorize attempts; a higher-amount user approval expires after 6 hours. */
    reauthorizeMaxAttempts: 10,
    reauthorizeApprovalTtlMs: 6 * 60 * 60_000,
    /** A user authorization is valid about one year (spec §3, §9). */
    userAuthorizationTtlMs: 365 * 24 * 60 * 60_000,
    /** The consent page session of the user-authorization browser flow. */
    authorizationSessionTtlMs: 30 * 60_000,
    /** Seeded balance of each test user, and the top-up amount (one top-up per month, spec §6, §9). */
    testUserStartingBalance: 100_000,
    topUpAmount: 100_000,
    maxTopUpAmount: 1_000_000,
    /** A test user's balance stays below this (cashback beyond it is refused): sums stay exact JS numbers. */
    maxBalance: 1_000_000_000_000_000,
    /**
     * Watching the sandbox's machines in the inspector (issue 30; docs/sandbox.md): open streams per signed-in
     * session (one more answers 429 RATE_LIMIT), the stream's heartbeat (the session is checked again then: a signed-out
     * session's streams end), and how often a process tells the others (PostgreSQL) whom it watches, and for how long that holds.
     */
    inspectStreamsPerSession: 3,
    inspectHeartbeatMs: 15_000,
    inspectWatchAnnounceMs: 20_000,
    inspectWatchTtlMs: 60_000,
  },
  /** Bounds of untrusted input, checked before any database access (issue 9; docs/sandbox.md). */
  input: {
    /** Nesting of any JSON body. */
    maxJsonDepth: 32,
    /** Free JSON (`metadata`): nesting and size once serialised. */
    metadataMaxDepth: 8,
    metadataMaxBytes: 8 * 1024,
  },
  /** Accounts (issue 3): OTP life and tries, sign-in lockout, token lives, logo upload (decisions in docs/accounts.md). */
  accounts: {
    otpTtlMs: 10 * 60_000,
    otpMaxAttempts: 5,
    loginMaxFailures: 5,
    loginFailureWindowMs: 15 * 60_000,
    loginLockMs: 15 * 60_000,
    /**
     * Attempts bounded across OTP references and devices (issue 9): per address and per client (connection
     * address), counted atomically; the last allowed failure locks for `lockMs` (01101007). Window and lock as
     * the sign-in lockout's. A client's cap is higher: several people may share one address (an office NAT).
     */
    throttle: {
      otpPerAddress: 10,
      /**
       * Evaluated OTP guesses per address per day, across every code (issue 33; docs/accounts.md "Attempt limits"):
       * at most 2 × 50 − 1 = 99 in any 24 hours, so a stranger guesses a 4-digit code with a chance ≤ 99/9,996 < 1 %.
       */
      otpPerAddressPerDay: 50,
      dayMs: 24 * 60 * 60_000,
      otpPerClient: 30,
      passwordPerClient: 30,
      windowMs: 15 * 60_000,
      lockMs: 15 * 60_000,
    },
    accessTokenTtlMs: 60 * 60_000,
    refreshTokenTtlMs: 30 * 24 * 60 * 60_000,
    termsTicketTtlMs: 10 * 60_000,
    passwordResetTtlMs: 30 * 60_000,
    logoMaxPx: 222,
    logoMaxBytes: 256 * 1024,
    maxActiveApiKeys: 20,
  },
} as const
