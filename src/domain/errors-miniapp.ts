import { errorOf, type ErrorEntry } from './error-entry.ts'

/**
 * Error codes of the mini-app studio's server (issue 21; src/server/modules/miniapp): app storage, serving and the
 * sandbox's signing key. PayLab's own codes (the spec shows none for these calls); codeIds start with `97`. The
 * bridge's own failures (§8) are not HTTP errors: they travel as `{ errorCode, errorMessage }` to the mini app.
 */
const e = errorOf

export const miniAppErrors = {
  MINIAPP_NOT_FOUND: e(404, '97000001', /*i18n*/ { id: 'error.MINIAPP_NOT_FOUND', message: 'No mini app with this id.' }),
  MINIAPP_EDIT_REFUSED: e(
    403,
    '97000002',
    /*i18n*/ { id: 'error.MINIAPP_EDIT_REFUSED', message: 'Only the holder of the edit token given at creation can replace this mini app.' },
  ),
  MINIAPP_READ_ONLY: e(403, '97000003', /*i18n*/ { id: 'error.MINIAPP_READ_ONLY', message: 'The example mini app cannot be changed. Upload a copy instead.' }),
  MINIAPP_TOO_LARGE: e(413, '97000004', /*i18n*/ { id: 'error.MINIAPP_TOO_LARGE', message: 'The mini app is too large: at most 200 files and 5 MB.' }),
  MINIAPP_FILE_NOT_FOUND: e(404, '97000005', /*i18n*/ { id: 'error.MINIAPP_FILE_NOT_FOUND', message: 'The mini app has no such file.' }),
  MINIAPP_KEY_NOT_FOUND: e(404, '97000006', /*i18n*/ { id: 'error.MINIAPP_KEY_NOT_FOUND', message: 'No public key with this key id.' }),
} as const satisfies Record<string, ErrorEntry>
