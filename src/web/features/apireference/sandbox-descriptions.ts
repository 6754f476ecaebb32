import type { MessageDescriptor } from '@lingui/core'

/**
 * The API description's texts of the sandbox's own calls, the forwarder's routes and the sandbox commands, as Lingui
 * descriptors whose id is the English text itself: part of `apiDescriptions` (descriptions.ts, which says how the
 * page uses them).
 */
export const sandboxApiDescriptions: readonly MessageDescriptor[] = [
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
