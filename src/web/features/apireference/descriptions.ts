import type { MessageDescriptor } from '@lingui/core'

/**
 * The API description's own English texts (operation summaries, tags, field descriptions written in the routes'
 * `describe(…)`, src/server/http/openapi.ts and src/domain/*.ts schemas) as Lingui descriptors whose id is the
 * English text itself. The description reaches the page as JSON (`/openapi.json`), so the page looks each text up by that id in
 * this feature's catalog (`locales/{ja,en}/apireference.po`, loaded with the page's lazy chunk, so the catalog every
 * page downloads stays small); the Japanese is its `msgstr` in `locales/ja`. This list is what the extractor reads; a
 * test fails when a text of the Open Payment API or the sandbox is missing from it. Texts without an entry are shown
 * as written (English). docs/api-reference.md.
 */
export const apiDescriptions: readonly MessageDescriptor[] = [
  // tags
  /*i18n*/ { id: 'Open Payment API', message: 'Open Payment API' },
  /*i18n*/ { id: 'Sandbox', message: 'Sandbox' },
  /*i18n*/ { id: 'Developer tools', message: 'Developer tools' },
  /*i18n*/ { id: 'Demo API (test panel)', message: 'Demo API (test panel)' },
  /*i18n*/ { id: 'Account', message: 'Account' },
  /*i18n*/ { id: 'Content', message: 'Content' },
  // operation summaries
  /*i18n*/ { id: 'Create a QR code (dynamic QR, web payment, app invoke)', message: 'Create a QR code (dynamic QR, web payment, app invoke)' },
  /*i18n*/ { id: 'Delete a QR code', message: 'Delete a QR code' },
  /*i18n*/ { id: 'Payment details of a QR code payment', message: 'Payment details of a QR code payment' },
  /*i18n*/ { id: 'Create a payment (native payment)', message: 'Create a payment (native payment)' },
  /*i18n*/ { id: 'Payment details', message: 'Payment details' },
  /*i18n*/ { id: 'Cancel a payment', message: 'Cancel a payment' },
  /*i18n*/ { id: 'Pre-authorize a payment', message: 'Pre-authorize a payment' },
  /*i18n*/ { id: 'Capture a pre-authorized payment', message: 'Capture a pre-authorized payment' },
  /*i18n*/ { id: 'Revert a pre-authorization', message: 'Revert a pre-authorization' },
  /*i18n*/ { id: 'Reauthorize a pre-authorized payment', message: 'Reauthorize a pre-authorized payment' },
  /*i18n*/ { id: 'Refund a payment', message: 'Refund a payment' },
  /*i18n*/ { id: 'Refund details', message: 'Refund details' },
  /*i18n*/ { id: 'Request money (pending payment)', message: 'Request money (pending payment)' },
  /*i18n*/ { id: 'Check whether the user has enough balance', message: 'Check whether the user has enough balance' },
  /*i18n*/ { id: 'User authorization status', message: 'User authorization status' },
  /*i18n*/ { id: 'Account-link QR code', message: 'Account-link QR code' },
  /*i18n*/ { id: 'Give cashback', message: 'Give cashback' },
  /*i18n*/ { id: 'Cashback details', message: 'Cashback details' },
  /*i18n*/ { id: 'Reverse a cashback', message: 'Reverse a cashback' },
  /*i18n*/ { id: "Move the calling merchant's sandbox clock", message: "Move the calling merchant's sandbox clock" },
  // field descriptions
  /*i18n*/ {
    id: 'Sandbox only: answer this published error of the endpoint (status, code, codeId) without doing the work. Other codes answer 400 SANDBOX_DIRECTIVE_INVALID.',
    message:
      'Sandbox only: answer this published error of the endpoint (status, code, codeId) without doing the work. Other codes answer 400 SANDBOX_DIRECTIVE_INVALID.',
  },
  /*i18n*/ { id: 'Sandbox only: hold the answer back this many milliseconds.', message: 'Sandbox only: hold the answer back this many milliseconds.' },
  /*i18n*/ {
    id: 'Sandbox only (spec §4, cancel is asynchronous): `late` accepts the cancel but lets a payment made next succeed, as a cancel that reaches the order after the payment.',
    message:
      'Sandbox only (spec §4, cancel is asynchronous): `late` accepts the cancel but lets a payment made next succeed, as a cancel that reaches the order after the payment.',
  },
  /*i18n*/ { id: 'Create a QR code (POST /v2/codes).', message: 'Create a QR code (POST /v2/codes).' },
  /*i18n*/ {
    id: 'Merchant-issued id of the order, unique per merchant (≤64; a-z A-Z 0-9 - _).',
    message: 'Merchant-issued id of the order, unique per merchant (≤64; a-z A-Z 0-9 - _).',
  },
  /*i18n*/ { id: 'MoneyAmount: amount and currency.', message: 'MoneyAmount: amount and currency.' },
  /*i18n*/ { id: 'Amount in yen, a positive integer (up to 11 digits).', message: 'Amount in yen, a positive integer (up to 11 digits).' },
  /*i18n*/ { id: 'Currency; JPY is the only value.', message: 'Currency; JPY is the only value.' },
  /*i18n*/ { id: 'Always ORDER_QR.', message: 'Always ORDER_QR.' },
  /*i18n*/ { id: 'Description of the order.', message: 'Description of the order.' },
  /*i18n*/ { id: 'An order item (obsolete on create QR, kept for compatibility).', message: 'An order item (obsolete on create QR, kept for compatibility).' },
  /*i18n*/ { id: 'Item name.', message: 'Item name.' },
  /*i18n*/ { id: 'Item category.', message: 'Item category.' },
  /*i18n*/ { id: 'Quantity, at least 1.', message: 'Quantity, at least 1.' },
  /*i18n*/ { id: 'Product id in the merchant system.', message: 'Product id in the merchant system.' },
  /*i18n*/ { id: 'Store information.', message: 'Store information.' },
  /*i18n*/ { id: 'Store id.', message: 'Store id.' },
  /*i18n*/ { id: 'Terminal id.', message: 'Terminal id.' },
  /*i18n*/ {
    id: 'Product type; only for merchants restricted to certain product types.',
    message: 'Product type; only for merchants restricted to certain product types.',
  },
  /*i18n*/ { id: 'Epoch time in seconds.', message: 'Epoch time in seconds.' },
  /*i18n*/ { id: 'true: capture later (pre-authorisation).', message: 'true: capture later (pre-authorisation).' },
  /*i18n*/ { id: 'Payer IP address (risk analysis only).', message: 'Payer IP address (risk analysis only).' },
  /*i18n*/ {
    id: 'Where the cashier returns after paying (web payment, app invoke).',
    message: 'Where the cashier returns after paying (web payment, app invoke).',
  },
  /*i18n*/ { id: 'Where to return after paying: a web page or an app deep link.', message: 'Where to return after paying: a web page or an app deep link.' },
  /*i18n*/ { id: 'Payer user agent (web payment).', message: 'Payer user agent (web payment).' },
  /*i18n*/ { id: 'Success', message: 'Success' },
  /*i18n*/ { id: 'Accepted', message: 'Accepted' },
  /*i18n*/ { id: 'Error', message: 'Error' },
  /*i18n*/ { id: 'Create a QR code: 201 answer.', message: 'Create a QR code: 201 answer.' },
  /*i18n*/ { id: 'resultInfo: code, message and codeId of every answer.', message: 'resultInfo: code, message and codeId of every answer.' },
  /*i18n*/ { id: 'QRCodeResponse.', message: 'QRCodeResponse.' },
  /*i18n*/ { id: 'The simulated cashier page of this code.', message: 'The simulated cashier page of this code.' },
  /*i18n*/ { id: 'paylab://payment?link_key=<url-encoded url>.', message: 'paylab://payment?link_key=<url-encoded url>.' },
  /*i18n*/ { id: 'MoneyAmount.', message: 'MoneyAmount.' },
  /*i18n*/ { id: 'Error in the same envelope', message: 'Error in the same envelope' },
  /*i18n*/ { id: 'Delete QR answer.', message: 'Delete QR answer.' },
  /*i18n*/ { id: 'Delete a QR code: answer data.', message: 'Delete a QR code: answer data.' },
  /*i18n*/ { id: 'Payment details answer.', message: 'Payment details answer.' },
  /*i18n*/ {
    id: 'Payment details (PaymentState + PaymentOrder + paymentMethods).',
    message: 'Payment details (PaymentState + PaymentOrder + paymentMethods).',
  },
  /*i18n*/ { id: 'Refund.', message: 'Refund.' },
  /*i18n*/ {
    id: 'Create a payment from a linked user (POST /v2/payments, /v1/subscription/payments).',
    message: 'Create a payment from a linked user (POST /v2/payments, /v1/subscription/payments).',
  },
  /*i18n*/ { id: 'Merchant-issued id of the order (≤64; a-z A-Z 0-9 - _).', message: 'Merchant-issued id of the order (≤64; a-z A-Z 0-9 - _).' },
  /*i18n*/ {
    id: 'The user authorization id from the user-authorization flow (≤64).',
    message: 'The user authorization id from the user-authorization flow (≤64).',
  },
  /*i18n*/ { id: 'Store id under the merchant.', message: 'Store id under the merchant.' },
  /*i18n*/ { id: 'Terminal id under the store.', message: 'Terminal id under the store.' },
  /*i18n*/ { id: 'Receipt number from the merchant.', message: 'Receipt number from the merchant.' },
  /*i18n*/ { id: 'Free JSON (≤8 levels, ≤8192 bytes).', message: 'Free JSON (≤8 levels, ≤8192 bytes).' },
  /*i18n*/ { id: 'An answer without data (errors, 202 accepted).', message: 'An answer without data (errors, 202 accepted).' },
  /*i18n*/ {
    id: 'Create and authorise an order (POST /v2/payments/preauthorize).',
    message: 'Create and authorise an order (POST /v2/payments/preauthorize).',
  },
  /*i18n*/ { id: 'Capture a payment authorization (POST /v2/payments/capture).', message: 'Capture a payment authorization (POST /v2/payments/capture).' },
  /*i18n*/ { id: 'Merchant-issued id of a capture (≤64).', message: 'Merchant-issued id of a capture (≤64).' },
  /*i18n*/ { id: 'Description for the capture.', message: 'Description for the capture.' },
  /*i18n*/ { id: 'Capture answer.', message: 'Capture answer.' },
  /*i18n*/ { id: 'CapturePayment.', message: 'CapturePayment.' },
  /*i18n*/ {
    id: 'Revert a payment authorization (POST /v2/payments/preauthorize/revert).',
    message: 'Revert a payment authorization (POST /v2/payments/preauthorize/revert).',
  },
  /*i18n*/ { id: 'Merchant-issued id of a revert (≤64).', message: 'Merchant-issued id of a revert (≤64).' },
  /*i18n*/ { id: 'The payment id issued by the provider (≤64).', message: 'The payment id issued by the provider (≤64).' },
  /*i18n*/ { id: 'Reason for the revert.', message: 'Reason for the revert.' },
  /*i18n*/ { id: 'Revert answer.', message: 'Revert answer.' },
  /*i18n*/ { id: 'Revert a payment authorization: answer data.', message: 'Revert a payment authorization: answer data.' },
  /*i18n*/ {
    id: 'Update a payment authorization (POST /v2/payments/reauthorize).',
    message: 'Update a payment authorization (POST /v2/payments/reauthorize).',
  },
  /*i18n*/ { id: 'Merchant-issued id of a reauthorize request (≤255).', message: 'Merchant-issued id of a reauthorize request (≤255).' },
  /*i18n*/ { id: 'Shown in the user timeline.', message: 'Shown in the user timeline.' },
  /*i18n*/ { id: 'Reauthorize answer (200).', message: 'Reauthorize answer (200).' },
  /*i18n*/ { id: 'Reauthorize (lower amount): answer data.', message: 'Reauthorize (lower amount): answer data.' },
  /*i18n*/ { id: 'Refund a payment (POST /v2/refunds).', message: 'Refund a payment (POST /v2/refunds).' },
  /*i18n*/ { id: 'Merchant-issued id of a refund (≤64).', message: 'Merchant-issued id of a refund (≤64).' },
  /*i18n*/ { id: 'Reason for the refund.', message: 'Reason for the refund.' },
  /*i18n*/ { id: 'Refund answer.', message: 'Refund answer.' },
  /*i18n*/ { id: 'Request money from a linked user (POST /v1/requestOrder).', message: 'Request money from a linked user (POST /v1/requestOrder).' },
  /*i18n*/ { id: 'Check balance answer.', message: 'Check balance answer.' },
  /*i18n*/ { id: 'Check wallet balance: answer data.', message: 'Check wallet balance: answer data.' },
  /*i18n*/ { id: 'User authorization status answer.', message: 'User authorization status answer.' },
  /*i18n*/ { id: 'User authorization status.', message: 'User authorization status.' },
  /*i18n*/ { id: 'Create an account-link QR code (POST /v1/qr/sessions).', message: 'Create an account-link QR code (POST /v1/qr/sessions).' },
  /*i18n*/ { id: 'A user-authorization scope (spec §3).', message: 'A user-authorization scope (spec §3).' },
  /*i18n*/ { id: 'Account-link QR answer.', message: 'Account-link QR answer.' },
  /*i18n*/ { id: 'Account-link QR: the URL to render as a QR code.', message: 'Account-link QR: the URL to render as a QR code.' },
  /*i18n*/ {
    id: 'Give cashback to a linked user (POST /v2/cashback, sample path /v1/cashback).',
    message: 'Give cashback to a linked user (POST /v2/cashback, sample path /v1/cashback).',
  },
  /*i18n*/ { id: 'Merchant-issued id of a cashback (≤64).', message: 'Merchant-issued id of a cashback (≤64).' },
  /*i18n*/ { id: 'Description of the cashback.', message: 'Description of the cashback.' },
  /*i18n*/ { id: 'Wallet to credit, e.g. PREPAID or CASHBACK.', message: 'Wallet to credit, e.g. PREPAID or CASHBACK.' },
  /*i18n*/ { id: 'Expiry of the cashback, YYYY-MM-DD.', message: 'Expiry of the cashback, YYYY-MM-DD.' },
  /*i18n*/ { id: 'Cashback details answer.', message: 'Cashback details answer.' },
  /*i18n*/ { id: 'Cashback details.', message: 'Cashback details.' },
  /*i18n*/ { id: 'Reverse a cashback (POST /v2/cashback_reversal).', message: 'Reverse a cashback (POST /v2/cashback_reversal).' },
  /*i18n*/ { id: 'Merchant-issued id of a cashback reversal (≤64).', message: 'Merchant-issued id of a cashback reversal (≤64).' },
  /*i18n*/ { id: 'Reason for the reversal.', message: 'Reason for the reversal.' },
  /*i18n*/ {
    id: "Sandbox only: move the calling merchant's clock forward (advanceMs) or back to real time (reset).",
    message: "Sandbox only: move the calling merchant's clock forward (advanceMs) or back to real time (reset).",
  },
  /*i18n*/ { id: 'Sandbox clock answer.', message: 'Sandbox clock answer.' },
  /*i18n*/ { id: 'Sandbox clock of the calling merchant.', message: 'Sandbox clock of the calling merchant.' },
  // the sandbox's own calls and the operations described since the document comes from the routes
  /*i18n*/ { id: 'Continuous payment: charge a linked user', message: 'Continuous payment: charge a linked user' },
  /*i18n*/ { id: 'Details of a money request', message: 'Details of a money request' },
  /*i18n*/ { id: 'Cancel a money request', message: 'Cancel a money request' },
  /*i18n*/ { id: 'Cashback reversal details', message: 'Cashback reversal details' },
  /*i18n*/ { id: 'Cashback reversal details answer.', message: 'Cashback reversal details answer.' },
  /*i18n*/ { id: 'Cashback reversal details.', message: 'Cashback reversal details.' },
  /*i18n*/ {
    id: "User authorization (web): the merchant sends the user here with a signed request token; answers a redirect to the wallet's consent page",
    message: "User authorization (web): the merchant sends the user here with a signed request token; answers a redirect to the wallet's consent page",
  },
  /*i18n*/ { id: 'Redirect to the consent page', message: 'Redirect to the consent page' },
  /*i18n*/ { id: "The linked user's masked profile", message: "The linked user's masked profile" },
  /*i18n*/ { id: 'Unlink a user (revoke the user authorization)', message: 'Unlink a user (revoke the user authorization)' },
  /*i18n*/ {
    id: 'A bare JSON answer with no store access (liveness and benchmark ceiling; unsigned)',
    message: 'A bare JSON answer with no store access (liveness and benchmark ceiling; unsigned)',
  },
  /*i18n*/ { id: "The calling merchant's sandbox clock", message: "The calling merchant's sandbox clock" },
  /*i18n*/ {
    id: "Reset the merchant's sandbox: default test users only, no orders, links or top-ups, real time (request log and settings kept) (the signing merchant)",
    message:
      "Reset the merchant's sandbox: default test users only, no orders, links or top-ups, real time (request log and settings kept) (the signing merchant)",
  },
  /*i18n*/ {
    id: "The merchant's sandbox after a reset, a seed or a restore: its test users, and the ids the seed's entries were given.",
    message: "The merchant's sandbox after a reset, a seed or a restore: its test users, and the ids the seed's entries were given.",
  },
  /*i18n*/ {
    id: "Replace the merchant's sandbox with a seed file (test users, authorizations, payments in given states); 400 SANDBOX_SEED_INVALID names each bad path (the signing merchant)",
    message:
      "Replace the merchant's sandbox with a seed file (test users, authorizations, payments in given states); 400 SANDBOX_SEED_INVALID names each bad path (the signing merchant)",
  },
  /*i18n*/ {
    id: "Sandbox only: a seed file. It replaces the merchant's whole sandbox (docs/sandbox-state.md); without testUsers the default ones (taro, hanako, jiro) are seeded.",
    message:
      "Sandbox only: a seed file. It replaces the merchant's whole sandbox (docs/sandbox-state.md); without testUsers the default ones (taro, hanako, jiro) are seeded.",
  },
  /*i18n*/ { id: 'A test user of the wallet and its balance.', message: 'A test user of the wallet and its balance.' },
  /*i18n*/ { id: "A test user's name (1–32: a-z 0-9 - _).", message: "A test user's name (1–32: a-z 0-9 - _)." },
  /*i18n*/ { id: 'Balance in yen after the seeded payments (0 – 99,999,999,999).', message: 'Balance in yen after the seeded payments (0 – 99,999,999,999).' },
  /*i18n*/ { id: 'A test user linked to the merchant (user authorization).', message: 'A test user linked to the merchant (user authorization).' },
  /*i18n*/ { id: 'A key naming this entry inside the seed file.', message: 'A key naming this entry inside the seed file.' },
  /*i18n*/ { id: 'Scopes granted (published names).', message: 'Scopes granted (published names).' },
  /*i18n*/ {
    id: 'A dynamic QR order. CREATED is an unpaid code (it expires as any code does); the other states need `payer`.',
    message: 'A dynamic QR order. CREATED is an unpaid code (it expires as any code does); the other states need `payer`.',
  },
  /*i18n*/ {
    id: 'Amount in yen, a positive integer (up to 11 digits, as published).',
    message: 'Amount in yen, a positive integer (up to 11 digits, as published).',
  },
  /*i18n*/ { id: 'orderDescription (≤255).', message: 'orderDescription (≤255).' },
  /*i18n*/ { id: 'The refund of a REFUNDED payment.', message: 'The refund of a REFUNDED payment.' },
  /*i18n*/ {
    id: 'A native payment by a linked user (`userAuthorization` names an entry of userAuthorizations).',
    message: 'A native payment by a linked user (`userAuthorization` names an entry of userAuthorizations).',
  },
  /*i18n*/ { id: 'A pre-authorisation by a linked user.', message: 'A pre-authorisation by a linked user.' },
  /*i18n*/ {
    id: 'AUTHORIZED: expires this long after loading (default 7 days, at most 30).',
    message: 'AUTHORIZED: expires this long after loading (default 7 days, at most 30).',
  },
  /*i18n*/ {
    id: "The merchant's snapshots, newest first (at most 5, each at most 2 MB) (the signing merchant)",
    message: "The merchant's snapshots, newest first (at most 5, each at most 2 MB) (the signing merchant)",
  },
  /*i18n*/ { id: "The merchant's snapshots, newest first.", message: "The merchant's snapshots, newest first." },
  /*i18n*/ { id: "A snapshot of a merchant's sandbox.", message: "A snapshot of a merchant's sandbox." },
  /*i18n*/ { id: 'A snapshot id.', message: 'A snapshot id.' },
  /*i18n*/ { id: 'Rows kept, per table.', message: 'Rows kept, per table.' },
  /*i18n*/ {
    id: "Take a snapshot of every row of the merchant's sandbox (the signing merchant)",
    message: "Take a snapshot of every row of the merchant's sandbox (the signing merchant)",
  },
  /*i18n*/ {
    id: "Sandbox only: take a snapshot of the calling merchant's sandbox (an optional label, ≤80).",
    message: "Sandbox only: take a snapshot of the calling merchant's sandbox (an optional label, ≤80).",
  },
  /*i18n*/ {
    id: 'Restore a snapshot: the sandbox answers exactly as when it was taken (the signing merchant)',
    message: 'Restore a snapshot: the sandbox answers exactly as when it was taken (the signing merchant)',
  },
  /*i18n*/ { id: 'Delete a snapshot (the signing merchant)', message: 'Delete a snapshot (the signing merchant)' },
  /*i18n*/ {
    id: "The calling merchant's request log, newest first (filters: status, code, path, from, to in epoch ms, auth_failed, limit); failed OPA-Auth of its keys explained",
    message:
      "The calling merchant's request log, newest first (filters: status, code, path, from, to in epoch ms, auth_failed, limit); failed OPA-Auth of its keys explained",
  },
  /*i18n*/ {
    id: "Set (or clear, with null) the calling merchant's webhook URL: the same setting as Settings → Configuration",
    message: "Set (or clear, with null) the calling merchant's webhook URL: the same setting as Settings → Configuration",
  },
  /*i18n*/ {
    id: "The calling merchant's webhook deliveries, newest first (filters: status, limit), each with its body, freshly signed headers and every attempt",
    message: "The calling merchant's webhook deliveries, newest first (filters: status, limit), each with its body, freshly signed headers and every attempt",
  },
  /*i18n*/ {
    id: 'The forwarder (npm run sandbox:forward) reports what the local server answered to a delivery',
    message: 'The forwarder (npm run sandbox:forward) reports what the local server answered to a delivery',
  },
  /*i18n*/ {
    id: 'Send a delivery again now (a fresh retry schedule; its history stays)',
    message: 'Send a delivery again now (a fresh retry schedule; its history stays)',
  },
  /*i18n*/ {
    id: 'The local outbox as JSON, newest first (loopback clients only, or MAILBOX_TOKEN)',
    message: 'The local outbox as JSON, newest first (loopback clients only, or MAILBOX_TOKEN)',
  },
  // the forwarder's routes and the sandbox commands (the paylab command line and the MCP tools)
  /*i18n*/ {
    id: 'The forwarder claims a delivery before posting it: claimed false when another forwarder holds it (until its report, at most 30 s), so each attempt is posted once',
    message:
      'The forwarder claims a delivery before posting it: claimed false when another forwarder holds it (until its report, at most 30 s), so each attempt is posted once',
  },
  /*i18n*/ {
    id: 'The forwarder (paylab listen, npm run sandbox:forward) reports what the local server answered to a delivery',
    message: 'The forwarder (paylab listen, npm run sandbox:forward) reports what the local server answered to a delivery',
  },
  /*i18n*/ {
    id: 'The sandbox commands of the paylab command line and the MCP tools: name, description and JSON Schema of the input',
    message: 'The sandbox commands of the paylab command line and the MCP tools: name, description and JSON Schema of the input',
  },
  /*i18n*/ {
    id: 'Cause a payment event end to end in the sandbox: creates a QR code, has a test user pay it (or cancel it) and moves it to the state of the event, so its webhook is sent. Fields override the defaults (amount 1000 yen, user taro) and are validated before anything is created. Answers the payment.',
    message:
      'Cause a payment event end to end in the sandbox: creates a QR code, has a test user pay it (or cancel it) and moves it to the state of the event, so its webhook is sent. Fields override the defaults (amount 1000 yen, user taro) and are validated before anything is created. Answers the payment.',
  },
  /*i18n*/ {
    id: 'The event to cause: payment.completed, payment.authorized, payment.canceled, payment.refunded, payment.failed.',
    message: 'The event to cause: payment.completed, payment.authorized, payment.canceled, payment.refunded, payment.failed.',
  },
  /*i18n*/ { id: 'Amount in yen (a positive integer).', message: 'Amount in yen (a positive integer).' },
  /*i18n*/ { id: 'Your id of the order; one is made up when omitted.', message: 'Your id of the order; one is made up when omitted.' },
  /*i18n*/ {
    id: 'A test user of your sandbox: taro, hanako, jiro … (list_test_users).',
    message: 'A test user of your sandbox: taro, hanako, jiro … (list_test_users).',
  },
  /*i18n*/ {
    id: 'Create a dynamic QR code (POST /v2/codes) for an amount in yen. Answers codeId, url (the cashier page a test user pays on), merchantPaymentId. Use pay_code next to pay it as a test user.',
    message:
      'Create a dynamic QR code (POST /v2/codes) for an amount in yen. Answers codeId, url (the cashier page a test user pays on), merchantPaymentId. Use pay_code next to pay it as a test user.',
  },
  /*i18n*/ { id: 'true: a pre-authorisation to capture later.', message: 'true: a pre-authorisation to capture later.' },
  /*i18n*/ {
    id: 'Act as the payer of a QR code: a test user pays it (success), the wallet refuses it for want of balance (insufficient_balance: nothing changes) or the user cancels on the cashier page (user_cancel). Answers the outcome and the payment.',
    message:
      'Act as the payer of a QR code: a test user pays it (success), the wallet refuses it for want of balance (insufficient_balance: nothing changes) or the user cancels on the cashier page (user_cancel). Answers the outcome and the payment.',
  },
  /*i18n*/ { id: 'The codeId or the cashier url of create_qr_code.', message: 'The codeId or the cashier url of create_qr_code.' },
  /*i18n*/ { id: 'success (default), insufficient_balance or user_cancel.', message: 'success (default), insufficient_balance or user_cancel.' },
  /*i18n*/ {
    id: 'Create a native payment (POST /v2/payments) from a linked test user (link_test_user gives the userAuthorizationId). Answers the payment.',
    message: 'Create a native payment (POST /v2/payments) from a linked test user (link_test_user gives the userAuthorizationId). Answers the payment.',
  },
  /*i18n*/ { id: 'Description.', message: 'Description.' },
  /*i18n*/ {
    id: 'Authorise an amount on a linked test user to capture later (POST /v2/payments/preauthorize). Answers the payment (AUTHORIZED).',
    message: 'Authorise an amount on a linked test user to capture later (POST /v2/payments/preauthorize). Answers the payment (AUTHORIZED).',
  },
  // the message is ICU: `'{id}'` quotes the braces so the text renders as the id reads (unquoted, `{id}` is a placeholder)
  /*i18n*/ {
    id: 'Read a payment by your merchantPaymentId (GET /v2/payments/{id}): status (CREATED, AUTHORIZED, COMPLETED, REFUNDED, CANCELED, FAILED, EXPIRED), refunds, captures.',
    message:
      "Read a payment by your merchantPaymentId (GET /v2/payments/'{id}'): status (CREATED, AUTHORIZED, COMPLETED, REFUNDED, CANCELED, FAILED, EXPIRED), refunds, captures.",
  },
  /*i18n*/ { id: 'Your id of the order (a-z A-Z 0-9 - _, ≤64).', message: 'Your id of the order (a-z A-Z 0-9 - _, ≤64).' },
  /*i18n*/ {
    id: 'Cancel a payment (DELETE /v2/payments/{id}); answers the payment after the cancel.',
    message: "Cancel a payment (DELETE /v2/payments/'{id}'); answers the payment after the cancel.",
  },
  /*i18n*/ {
    id: 'Refund a completed payment, wholly (default) or partly (POST /v2/refunds). Answers the refund.',
    message: 'Refund a completed payment, wholly (default) or partly (POST /v2/refunds). Answers the refund.',
  },
  /*i18n*/ {
    id: 'Capture an authorised payment (POST /v2/payments/capture), the whole authorised amount unless amount is given.',
    message: 'Capture an authorised payment (POST /v2/payments/capture), the whole authorised amount unless amount is given.',
  },
  /*i18n*/ {
    id: 'Release an authorised payment without capturing it (POST /v2/payments/preauthorize/revert).',
    message: 'Release an authorised payment without capturing it (POST /v2/payments/preauthorize/revert).',
  },
  /*i18n*/ { id: 'Reason.', message: 'Reason.' },
  /*i18n*/ {
    id: 'Link a test user to your merchant as if they approved the consent page (every scope). Answers the userAuthorizationId that create_payment and create_preauthorization take.',
    message:
      'Link a test user to your merchant as if they approved the consent page (every scope). Answers the userAuthorizationId that create_payment and create_preauthorization take.',
  },
  /*i18n*/ { id: 'The test users of your sandbox with their balances in yen.', message: 'The test users of your sandbox with their balances in yen.' },
  /*i18n*/ {
    id: "Your sandbox's clock (it can run ahead of real time): nowMs and nowEpoch.",
    message: "Your sandbox's clock (it can run ahead of real time): nowMs and nowEpoch.",
  },
  /*i18n*/ {
    id: "Move your sandbox's clock forward (10m, 2h, 1d, 30s or milliseconds): expiries, auto-cancels and webhook retries come due.",
    message: "Move your sandbox's clock forward (10m, 2h, 1d, 30s or milliseconds): expiries, auto-cancels and webhook retries come due.",
  },
  /*i18n*/ {
    id: "Set your sandbox's clock to a later instant (ISO 8601), or back to real time with 'now'. The clock never goes back in between.",
    message: "Set your sandbox's clock to a later instant (ISO 8601), or back to real time with 'now'. The clock never goes back in between.",
  },
  /*i18n*/ { id: "ISO 8601 time, or 'now'.", message: "ISO 8601 time, or 'now'." },
  /*i18n*/ {
    id: 'Your webhook deliveries, newest first: deliveryId, state (AUTHORIZED, COMPLETED, CANCELED, EXPIRED), status (pending, delivered, failed), each attempt and its answer.',
    message:
      'Your webhook deliveries, newest first: deliveryId, state (AUTHORIZED, COMPLETED, CANCELED, EXPIRED), status (pending, delivered, failed), each attempt and its answer.',
  },
  /*i18n*/ {
    id: 'Send a webhook delivery again (same deliveryId, fresh signature).',
    message: 'Send a webhook delivery again (same deliveryId, fresh signature).',
  },
  /*i18n*/ {
    id: 'Misbehave on the next webhook to prove your handler is idempotent and order-proof: duplicate (delivered twice with the same deliveryId), reorder (held back until the one after it is delivered), delay (sent late by `delay` on your sandbox clock), or off (cancel a pending request).',
    message:
      'Misbehave on the next webhook to prove your handler is idempotent and order-proof: duplicate (delivered twice with the same deliveryId), reorder (held back until the one after it is delivered), delay (sent late by `delay` on your sandbox clock), or off (cancel a pending request).',
  },
  /*i18n*/ { id: 'duplicate, reorder, delay or off.', message: 'duplicate, reorder, delay or off.' },
  /*i18n*/ {
    id: "Make your next signed API call answer a published error, exactly as the X-Sandbox-Force header would (its status, code and codeId); the call after it is normal. With path (e.g. /v2/codes) only a call on that path takes it; without, your next call whose endpoint publishes the code. 'off' cancels a pending one.",
    message:
      "Make your next signed API call answer a published error, exactly as the X-Sandbox-Force header would (its status, code and codeId); the call after it is normal. With path (e.g. /v2/codes) only a call on that path takes it; without, your next call whose endpoint publishes the code. 'off' cancels a pending one.",
  },
  /*i18n*/ { id: "A published code (NO_SUFFICIENT_FUND, RATE_LIMIT…), or 'off'.", message: "A published code (NO_SUFFICIENT_FUND, RATE_LIMIT…), or 'off'." },
  /*i18n*/ { id: 'Only a call on this API path, e.g. /v2/codes.', message: 'Only a call on this API path, e.g. /v2/codes.' },
  /*i18n*/ {
    id: "Your sandbox's request log, newest first, filtered by status, path (substring), code or requestId (an entry id rq_…); failed signatures carry the expected string to sign (auth_failure).",
    message:
      "Your sandbox's request log, newest first, filtered by status, path (substring), code or requestId (an entry id rq_…); failed signatures carry the expected string to sign (auth_failure).",
  },
  /*i18n*/ { id: 'One entry by its id (rq_…).', message: 'One entry by its id (rq_…).' },
  /*i18n*/ {
    id: 'Reset your sandbox: default test users only, no orders, links or top-ups, real time. Not for the shared demo merchant.',
    message: 'Reset your sandbox: default test users only, no orders, links or top-ups, real time. Not for the shared demo merchant.',
  },
  /*i18n*/ {
    id: 'Snapshot every row of your sandbox (restore_snapshot brings it back exactly).',
    message: 'Snapshot every row of your sandbox (restore_snapshot brings it back exactly).',
  },
  /*i18n*/ { id: 'Your snapshots, newest first.', message: 'Your snapshots, newest first.' },
  /*i18n*/ {
    id: 'Restore a snapshot: the sandbox answers exactly as when it was taken.',
    message: 'Restore a snapshot: the sandbox answers exactly as when it was taken.',
  },
  /*i18n*/ {
    id: 'Replace your sandbox with a seed (test users, authorizations, payments in given states; docs/sandbox-state.md). Bad paths are named in the error.',
    message:
      'Replace your sandbox with a seed (test users, authorizations, payments in given states; docs/sandbox-state.md). Bad paths are named in the error.',
  },
  /*i18n*/ { id: 'The seed file as JSON.', message: 'The seed file as JSON.' },
  /*i18n*/ {
    id: 'Explain a resultInfo code or codeId of the API: its meaning, cause, fix and the lab scenario that shows it.',
    message: 'Explain a resultInfo code or codeId of the API: its meaning, cause, fix and the lab scenario that shows it.',
  },
  /*i18n*/ { id: 'A code (NO_SUFFICIENT_FUND) or a codeId (08100016).', message: 'A code (NO_SUFFICIENT_FUND) or a codeId (08100016).' },
  /*i18n*/ {
    id: "Search PayLab's documentation (ja and en); answers titles, descriptions and the path to read with read_doc.",
    message: "Search PayLab's documentation (ja and en); answers titles, descriptions and the path to read with read_doc.",
  },
  /*i18n*/ {
    id: 'Every documentation page: path, title and description (read one with read_doc).',
    message: 'Every documentation page: path, title and description (read one with read_doc).',
  },
  /*i18n*/ {
    id: 'Read one documentation page as text by its path (from search_docs, e.g. /docs/webhooks).',
    message: 'Read one documentation page as text by its path (from search_docs, e.g. /docs/webhooks).',
  },
]
