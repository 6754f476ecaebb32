import { type ResolverEntry, opa } from './entry.ts'

/** Resolver entries of the sandbox's own APIs and the mini-app studio's server (assembled by src/domain/resolver.ts). */
export const sandboxEntries: readonly ResolverEntry[] = [
  // ── sandbox only ────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'SANDBOX_TEST_USER_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_TEST_USER_NOT_FOUND.cause', message: 'The test user does not belong to this merchant.' },
    /*i18n*/ { id: 'resolver.SANDBOX_TEST_USER_NOT_FOUND.fix', message: 'Pick a test user from the dashboard list.' },
  ),
  opa(
    'SANDBOX_TOP_UP_LIMIT',
    /*i18n*/ { id: 'resolver.SANDBOX_TOP_UP_LIMIT.cause', message: 'This test user was topped up this month already (once a month).' },
    /*i18n*/ { id: 'resolver.SANDBOX_TOP_UP_LIMIT.fix', message: 'Top up another test user, or wait for next month.' },
  ),
  opa(
    'SANDBOX_SESSION_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_SESSION_NOT_FOUND.cause', message: 'The consent page session expired (30 minutes) or never existed.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SESSION_NOT_FOUND.fix', message: 'Start the user authorization again.' },
  ),
  opa(
    'SANDBOX_DIRECTIVE_INVALID',
    /*i18n*/ {
      id: 'resolver.SANDBOX_DIRECTIVE_INVALID.cause',
      message: 'The sandbox was asked (X-Sandbox-Force) for a code this endpoint does not publish, or for a delay (X-Sandbox-Delay-Ms) beyond 30 seconds.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_DIRECTIVE_INVALID.fix', message: 'Pick one of the codes listed in data.applicable, and a delay from 0 to 30000 ms.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_FOUND.cause',
      message: 'The request log has no entry with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_LOG_ENTRY_NOT_FOUND.fix', message: 'Reload the request log and pick an entry from it.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_REPLAYABLE',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_REPLAYABLE.cause',
      message: 'The logged request cannot be rebuilt: its body was masked or cut, or the merchant has no active API key.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_LOG_ENTRY_NOT_REPLAYABLE.fix', message: 'Send the request again from your own client, or generate an API key.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_VERIFIED',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_VERIFIED.cause',
      message:
        "The logged request's signature did not verify when it arrived, so the sandbox will not sign it again: anyone who knows your API key (not the secret) can put such a request in your log.",
    },
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_VERIFIED.fix',
      message: 'Read why in the signature debugger; send the request from your own server, signed with your secret.',
    },
  ),
  opa(
    'SANDBOX_SEED_INVALID',
    /*i18n*/ {
      id: 'resolver.SANDBOX_SEED_INVALID.cause',
      message: 'The seed file breaks its schema (sizes, id patterns, amount ranges) or points at a test user, authorization or refund that is not in it.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_SEED_INVALID.fix', message: 'Fix each path listed in data.issues; docs/sandbox-state.md has a valid example.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_NOT_FOUND.cause', message: 'The snapshot was deleted or belongs to another merchant.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_NOT_FOUND.fix', message: 'List the snapshots (paylab snapshots) and use an id from it.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_LIMIT',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_LIMIT.cause', message: 'The merchant keeps 5 snapshots already.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_LIMIT.fix', message: 'Delete a snapshot you no longer need, then take the new one.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_TOO_LARGE',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_TOO_LARGE.cause', message: 'The sandbox holds more than 2 MB of rows.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_TOO_LARGE.fix', message: 'Reset the sandbox or load a smaller seed file, then take the snapshot.' },
  ),
  opa(
    'SANDBOX_SHARED_MERCHANT',
    /*i18n*/ {
      id: 'resolver.SANDBOX_SHARED_MERCHANT.cause',
      message: "A reset, seed or restore was signed with the public demo merchant's key, whose data every visitor shares.",
    },
    /*i18n*/ { id: 'resolver.SANDBOX_SHARED_MERCHANT.fix', message: "Sign up and use your own merchant's API key and secret." },
  ),
  opa(
    'SANDBOX_WEBHOOK_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.SANDBOX_WEBHOOK_NOT_FOUND.cause',
      message: 'The webhook log has no delivery with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_WEBHOOK_NOT_FOUND.fix', message: 'List the deliveries (paylab webhooks list) and use an id from it.' },
  ),
  opa(
    'SANDBOX_COMMAND_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_COMMAND_NOT_FOUND.cause', message: 'The command line or an agent asked for a sandbox command this server does not have.' },
    /*i18n*/ {
      id: 'resolver.SANDBOX_COMMAND_NOT_FOUND.fix',
      message: 'List the commands (paylab commands, or the MCP tool list) and use one of their names.',
    },
  ),
  opa(
    'SANDBOX_COMMAND_INVALID',
    /*i18n*/ { id: 'resolver.SANDBOX_COMMAND_INVALID.cause', message: "A field of the command's input is missing or not valid; the command did nothing." },
    /*i18n*/ {
      id: 'resolver.SANDBOX_COMMAND_INVALID.fix',
      message: 'Fix each field named in data.issues (the tool schema says what each takes) and run it again.',
    },
  ),
  opa(
    'METHOD_NOT_ALLOWED',
    /*i18n*/ { id: 'resolver.METHOD_NOT_ALLOWED.cause', message: 'The path exists but not with this HTTP method.' },
    /*i18n*/ { id: 'resolver.METHOD_NOT_ALLOWED.fix', message: 'Use the method given in the API reference (e.g. DELETE to cancel, GET to read).' },
  ),
  opa(
    'PAYLOAD_TOO_LARGE',
    /*i18n*/ { id: 'resolver.PAYLOAD_TOO_LARGE.cause', message: 'The request body is over 1 MB.' },
    /*i18n*/ { id: 'resolver.PAYLOAD_TOO_LARGE.fix', message: 'Send only the documented fields.' },
  ),
  opa(
    'UNSUPPORTED_MEDIA_TYPE',
    /*i18n*/ { id: 'resolver.UNSUPPORTED_MEDIA_TYPE.cause', message: 'The body is not JSON.' },
    /*i18n*/ { id: 'resolver.UNSUPPORTED_MEDIA_TYPE.fix', message: 'Send JSON with Content-Type application/json.' },
  ),
  // ── the mini-app studio's server (issue 21) ──────────────────────────────────────────────────────────────
  opa(
    'MINIAPP_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.MINIAPP_NOT_FOUND.cause',
      message: 'The studio or npm run miniapp asked for a mini app id this server does not hold (a typo, or an app uploaded to another PayLab).',
    },
    /*i18n*/ {
      id: 'resolver.MINIAPP_NOT_FOUND.fix',
      message: "Upload the folder again (the studio's folder picker or npm run miniapp -- <folder>) and open the studio link it prints.",
    },
  ),
  opa(
    'MINIAPP_EDIT_REFUSED',
    /*i18n*/ {
      id: 'resolver.MINIAPP_EDIT_REFUSED.cause',
      message: "Replacing a mini app's files needs the edit token given when it was uploaded (header X-MiniApp-Edit-Token), and it was missing or wrong.",
    },
    /*i18n*/ { id: 'resolver.MINIAPP_EDIT_REFUSED.fix', message: "Send the editToken from the upload's answer, or upload the folder as a new app." },
  ),
  opa(
    'MINIAPP_READ_ONLY',
    /*i18n*/ { id: 'resolver.MINIAPP_READ_ONLY.cause', message: 'The example mini app (id example) is part of PayLab and cannot be changed.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_READ_ONLY.fix',
      message: 'Copy src/content/miniapps/cake-shop to a folder of your own and run npm run miniapp -- <folder>.',
    },
  ),
  opa(
    'MINIAPP_TOO_LARGE',
    /*i18n*/ { id: 'resolver.MINIAPP_TOO_LARGE.cause', message: "The mini app sent is over the studio's limits: at most 200 files and 5 MB in all." },
    /*i18n*/ {
      id: 'resolver.MINIAPP_TOO_LARGE.fix',
      message: 'Leave build output, node_modules and source maps out of the folder; a mini app needs only its pages, images and app.json.',
    },
  ),
  opa(
    'MINIAPP_FILE_NOT_FOUND',
    /*i18n*/ { id: 'resolver.MINIAPP_FILE_NOT_FOUND.cause', message: 'A page or asset the mini app refers to is not among its uploaded files.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_FILE_NOT_FOUND.fix',
      message:
        'Check the path against the folder (it is relative to the app root, e.g. pages/home/home.html) and upload again; npm run miniapp:validate lists missing page files.',
    },
  ),
  opa(
    'MINIAPP_KEY_NOT_FOUND',
    /*i18n*/ { id: 'resolver.MINIAPP_KEY_NOT_FOUND.cause', message: 'No public key of the sandbox has the kid asked for.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_KEY_NOT_FOUND.fix',
      message: 'Take the kid from the header of the JWS you verify; without a kid the current key is answered.',
    },
  ),
]
