import { errorOf as e, type ErrorEntry } from './error-entry.ts'

/** Errors of reset, snapshots and seed files (issue 14 item 6; docs/sandbox-state.md). Sandbox only: invented codeIds `999…`. */
export const sandboxStateErrors = {
  SANDBOX_SEED_INVALID: e(
    400,
    '99900021',
    /*i18n*/ { id: 'error.SANDBOX_SEED_INVALID', message: 'The seed file is not valid: see data.issues for each bad path.' },
  ),
  SANDBOX_SNAPSHOT_NOT_FOUND: e(404, '99900022', /*i18n*/ { id: 'error.SANDBOX_SNAPSHOT_NOT_FOUND', message: 'No snapshot with this id for this merchant.' }),
  SANDBOX_SNAPSHOT_LIMIT: e(
    409,
    '99900023',
    /*i18n*/ { id: 'error.SANDBOX_SNAPSHOT_LIMIT', message: 'This merchant already keeps the most snapshots allowed: delete one first.' },
  ),
  SANDBOX_SNAPSHOT_TOO_LARGE: e(413, '99900024', /*i18n*/ { id: 'error.SANDBOX_SNAPSHOT_TOO_LARGE', message: 'The sandbox is too large to snapshot.' }),
  SANDBOX_SHARED_MERCHANT: e(
    403,
    '99900025',
    /*i18n*/ {
      id: 'error.SANDBOX_SHARED_MERCHANT',
      message: "The public demo merchant is shared by every visitor: it cannot be reset, seeded or restored. Use your own merchant's key.",
    },
  ),
  SANDBOX_COMMAND_NOT_FOUND: e(
    404,
    '99900026',
    /*i18n*/ { id: 'error.SANDBOX_COMMAND_NOT_FOUND', message: 'No sandbox command of this name: paylab commands lists them.' },
  ),
  SANDBOX_COMMAND_INVALID: e(
    400,
    '99900027',
    /*i18n*/ { id: 'error.SANDBOX_COMMAND_INVALID', message: "The command's input is not valid: see data.issues for each bad field. Nothing was changed." },
  ),
} as const satisfies Record<string, ErrorEntry>
