/**
 * The `paylab` command line's own words (issues 23 and 31), in the server catalog (locales/{ja,en}/server.po; lingui.config.ts
 * extracts src/cli there): one source for every text the CLI prints. `--lang` (or PAYLAB_LANG) picks ja or en, Japanese
 * by default. The per-command summaries are in commands.ts.
 */
export const cliText = {
  usage: /*i18n*/ {
    id: 'cli.usage',
    message: `paylab {version} — PayLab's sandbox from the command line and for coding agents (sandbox only, never live mode)

usage: paylab <command> [arguments] [--json] [--lang ja|en]
       paylab <command> --help    the command's options and examples

{commands}

credentials: PAYLAB_API_KEY, PAYLAB_API_SECRET, PAYLAB_MERCHANT_ID (or --key, --secret, --merchant; all three, or none
for the public demo merchant); server: PAYLAB_BASE_URL (or --url; default http://127.0.0.1:3000).
exit codes: 0 done, 1 the call failed (or explain found no such code), 2 bad usage (nothing was sent).`,
  },
  helpUsage: /*i18n*/ { id: 'cli.helpUsage', message: 'usage' },
  helpOptions: /*i18n*/ { id: 'cli.helpOptions', message: 'options' },
  helpExamples: /*i18n*/ { id: 'cli.helpExamples', message: 'examples' },
  helpGlobal: /*i18n*/ {
    id: 'cli.helpGlobal',
    message: 'and everywhere: --json, --lang ja|en, --url, --key, --secret, --merchant, --help, --version',
  },
  helpFields: /*i18n*/ { id: 'cli.helpFields', message: 'the fields of the sandbox command {name}:' },
  failed: /*i18n*/ { id: 'cli.failed', message: 'Failed: {code} — {message}' },
  cause: /*i18n*/ { id: 'cli.cause', message: 'Cause: {cause}' },
  fix: /*i18n*/ { id: 'cli.fix', message: 'Fix: {fix}' },
  field: /*i18n*/ { id: 'cli.field', message: '  {path}: {message}' },
  unknownCommand: /*i18n*/ { id: 'cli.unknownCommand', message: 'Unknown command "{name}". paylab --help lists the commands.' },
  unknownFlag: /*i18n*/ { id: 'cli.unknownFlag', message: 'Unknown option --{name} for paylab {command}. paylab {command} --help lists its options.' },
  unknownValue: /*i18n*/ { id: 'cli.unknownValue', message: '"{value}" is not a value of {what}: one of {values}.' },
  unknownField: /*i18n*/ {
    id: 'cli.unknownField',
    message: 'paylab {command} has no field {name} to override. paylab {command} --help lists its fields.',
  },
  notANumber: /*i18n*/ { id: 'cli.notANumber', message: '--{name} takes a number, not "{value}".' },
  missingValue: /*i18n*/ { id: 'cli.missingValue', message: '--{name} needs a value.' },
  extraArgument: /*i18n*/ {
    id: 'cli.extraArgument',
    message: 'Unexpected argument "{value}" for paylab {command}. paylab {command} --help shows how to call it.',
  },
  didYouMean: /*i18n*/ { id: 'cli.didYouMean', message: 'Did you mean {suggestion}?' },
  missingArgument: /*i18n*/ { id: 'cli.missingArgument', message: '{what} is missing. paylab --help shows how to call it.' },
  missingSecret: /*i18n*/ {
    id: 'cli.missingSecret',
    message: 'The sandbox key {key} has no secret: set PAYLAB_API_SECRET (or --secret). Nothing was sent.',
  },
  missingKey: /*i18n*/ {
    id: 'cli.missingKey',
    message: 'A secret or merchant id is set without its sandbox key: set PAYLAB_API_KEY (or --key). Nothing was sent.',
  },
  missingMerchant: /*i18n*/ {
    id: 'cli.missingMerchant',
    message: 'The sandbox key {key} has no merchant: set PAYLAB_MERCHANT_ID (or --merchant). Nothing was sent.',
  },
  unknownCode: /*i18n*/ { id: 'cli.unknownCode', message: 'No published code "{code}". paylab docs search {code} searches the docs.' },
  unreachable: /*i18n*/ { id: 'cli.unreachable', message: 'Cannot reach PayLab at {url}: {reason}. Is the server running (npm start)?' },
  unreadable: /*i18n*/ { id: 'cli.unreadable', message: 'Cannot read {file}: {reason}' },
  listening: /*i18n*/ {
    id: 'cli.listening',
    message: 'Forwarding the webhooks of merchant {merchant} from {url} to {target} (signing secret {secret}). Ctrl-C stops.',
  },
  forwarded: /*i18n*/ { id: 'cli.forwarded', message: '{state} {deliveryId} → {target}: {answer}' },
  pollFailed: /*i18n*/ { id: 'cli.pollFailed', message: 'Polling the webhooks failed: {reason}' },
} as const
