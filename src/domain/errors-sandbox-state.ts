import { errorOf as e, registerErrors } from './errors.ts'

/** Errors of reset, snapshots and seed files (issue 14 item 6; docs/sandbox-state.md). Sandbox only: invented codeIds `999…`. */
export const sandboxStateErrors = registerErrors({
  SANDBOX_SEED_INVALID: e(400, '99900021', 'The seed file is not valid: see data.issues for each bad path.', 'シードファイルが正しくありません。問題のある箇所は data.issues を参照してください。'),
  SANDBOX_SNAPSHOT_NOT_FOUND: e(404, '99900022', 'No snapshot with this id for this merchant.', 'この加盟店にこのIDのスナップショットはありません。'),
  SANDBOX_SNAPSHOT_LIMIT: e(409, '99900023', 'This merchant already keeps the most snapshots allowed: delete one first.', 'この加盟店のスナップショットは上限に達しています。先に1つ削除してください。'),
  SANDBOX_SNAPSHOT_TOO_LARGE: e(413, '99900024', 'The sandbox is too large to snapshot.', 'サンドボックスが大きすぎるため、スナップショットを作成できません。'),
  SANDBOX_SHARED_MERCHANT: e(403, '99900025', 'The public demo merchant is shared by every visitor: it cannot be reset, seeded or restored. Use your own merchant\'s key.', '公開デモ加盟店は全員で共有しているため、リセット・シード・復元はできません。自分の加盟店のキーを使ってください。'),
})
