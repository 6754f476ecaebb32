/**
 * The `paylab` command line's own words (issue 23), in the server catalog (locales/{ja,en}/server.po) like every text
 * the server renders; `--lang` (or PAYLAB_LANG) picks the language, Japanese by default.
 */
export const cliText = {
  usage: /*i18n*/ {
    id: 'cli.usage',
    message: `paylab — PayLab's sandbox from the command line and for coding agents (sandbox only, never live mode)

usage: paylab <command> [arguments] [--json] [--lang ja|en]

  trigger <event> [--amount 500 --user taro …]   cause an event end to end ({events})
  listen --forward-to <url> [--once]             forward webhooks to a server on this machine, printing each answer
  logs tail [--status 401] [--path /v2/codes] [--request-id rq_…] [--follow]
  pay <code url> [--user taro] [--outcome success|refused|cancel]
  clock [get] | clock advance 10m | clock set <ISO time|now>
  webhooks list | webhooks resend <id> | webhooks chaos duplicate|reorder|delay|off [--delay 5m]
  force <code> [--path /v2/codes] | force off       your next signed call answers this published error
  seed <file> [--snapshot LABEL] | seed --reset | reset | snapshot [LABEL] | snapshots | restore <id>
  explain <code>                                 what a resultInfo code means and how to fix it
  docs search <words> | docs read <path>
  run <command> [--field value …]                any sandbox command (paylab commands lists them)
  commands                                       the sandbox commands with their fields
  mcp                                            an MCP server over stdio for coding agents

credentials: PAYLAB_API_KEY, PAYLAB_API_SECRET, PAYLAB_MERCHANT_ID (or --key, --secret, --merchant; default: the
public demo merchant); server: PAYLAB_BASE_URL (or --url; default http://127.0.0.1:3000).`,
  },
  failed: /*i18n*/ { id: 'cli.failed', message: 'Failed: {code} — {message}' },
  cause: /*i18n*/ { id: 'cli.cause', message: 'Cause: {cause}' },
  fix: /*i18n*/ { id: 'cli.fix', message: 'Fix: {fix}' },
  field: /*i18n*/ { id: 'cli.field', message: '  {path}: {message}' },
  unknownCommand: /*i18n*/ { id: 'cli.unknownCommand', message: 'Unknown command "{name}". paylab --help lists the commands.' },
  missingArgument: /*i18n*/ { id: 'cli.missingArgument', message: '{what} is missing. paylab --help shows how to call it.' },
  unreachable: /*i18n*/ { id: 'cli.unreachable', message: 'Cannot reach PayLab at {url}: {reason}. Is the server running (npm start)?' },
  unreadable: /*i18n*/ { id: 'cli.unreadable', message: 'Cannot read {file}: {reason}' },
  listening: /*i18n*/ {
    id: 'cli.listening',
    message: 'Forwarding the webhooks of merchant {merchant} from {url} to {target} (signing secret {secret}). Ctrl-C stops.',
  },
  forwarded: /*i18n*/ { id: 'cli.forwarded', message: '{state} {deliveryId} → {target}: {answer}' },
  pollFailed: /*i18n*/ { id: 'cli.pollFailed', message: 'Polling the webhooks failed: {reason}' },
} as const
