import { resolve } from 'node:path'
import * as v from 'valibot'

/**
 * The origin mail links use: PUBLIC_ORIGIN, else the origin the server listens on (a wildcard HOST becomes
 * localhost). Never a request header: a forged `Host` must not choose where a reset link points.
 */
export function mailOrigin(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): string {
  if (config.publicOrigin) return config.publicOrigin
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  return new URL(`http://${host}:${config.port}`).origin
}

/**
 * The origin of every link the server hands out in an answer (cashier and consent URLs, reauthorization, the demos'
 * redirects, the request log's curl, the MCP commands' URLs): PUBLIC_ORIGIN, else the listening origin of the
 * listener the request came in on — `mailOrigin` for the HTTP port, `https://HOST:SANDBOX_HTTPS_PORT` for the HTTPS
 * listener (the scheme is the connection's, `requestUrl`'s; its host is never read). Never the request's `Host`
 * (issue 33: a forged or rebound `Host` must not choose where a payer is sent).
 */
export function linkOrigin(config: Pick<Config, 'publicOrigin' | 'host' | 'port' | 'sandboxHttpsPort'>, requestUrl: string): string {
  if (config.publicOrigin) return config.publicOrigin
  const http = mailOrigin(config)
  if (config.sandboxHttpsPort === undefined || !requestUrl.startsWith('https:')) return http
  const url = new URL(http)
  url.protocol = 'https:'
  url.port = String(config.sandboxHttpsPort)
  return url.origin
}

/** A variable that may be unset; set but empty counts as unset. */
const optionalText = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value || undefined),
)

const port = (fallback: number | undefined) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.check(
      (value) => value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 65_535),
      (issue) => `Invalid port: ${issue.input}`,
    ),
    v.transform((value) => (value === '' ? fallback : Number(value))),
  )

const flag = v.pipe(
  optionalText,
  v.transform((value) => (value === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(value.toLowerCase()))),
)

const origin = v.pipe(
  optionalText,
  v.check(
    (value) => value === undefined || (URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol)),
    (issue) => `Invalid PUBLIC_ORIGIN: ${issue.input}`,
  ),
  v.transform((value) => (value === undefined ? undefined : new URL(value).origin)),
)

/** ALLOWED_HOSTS: `team.example, .dev.example, 192.168.1.20` → names (a port given is ignored: any port is taken). */
const hostList = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) =>
    value
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  ),
  v.check(
    (hosts) => hosts.every((h) => /^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?(:\d{1,5})?$/.test(h) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(h)),
    (issue) => `Invalid ALLOWED_HOSTS (host names or addresses, comma-separated): ${String(issue.input)}`,
  ),
)

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const

/** The environment the server reads (documented in README.md), parsed into its `Config`. */
const envSchema = v.pipe(
  v.object({
    PORT: port(3000),
    // loopback only unless asked: the sandbox's mailbox and test users are not meant for the network (README)
    HOST: v.pipe(
      optionalText,
      v.transform((value) => value ?? '127.0.0.1'),
    ),
    DATA_DIR: v.optional(v.string(), './.data'),
    DATABASE_URL: optionalText,
    WEB_DIST: v.optional(v.string(), './dist/web'),
    SMTP_URL: optionalText,
    MAIL_FROM: v.optional(v.string(), 'PayLab <no-reply@paylab.localhost>'),
    PUBLIC_ORIGIN: origin,
    ALLOWED_HOSTS: hostList,
    MAILBOX_TOKEN: optionalText,
    OPERATOR_TOKEN: optionalText,
    MAINTENANCE_MODE: flag,
    MINIAPPS_HOST: optionalText,
    STYLEGUIDE_HOST: optionalText,
    ERROR_REPORT_URL: optionalText,
    SITE_PASSCODE: optionalText,
    PASSCODE_PATHS: v.pipe(
      v.optional(v.string(), ''),
      v.transform((value) =>
        value
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p.startsWith('/')),
      ),
    ),
    SANDBOX_HTTPS_PORT: port(undefined),
    WEBHOOK_LOCAL_DELIVERY: optionalText,
    MCP_ALLOW_REMOTE: flag,
    // an unknown level falls back to info rather than stopping the server
    LOG_LEVEL: v.fallback(v.picklist(logLevels), 'info'),
    // any short word or number: it only feeds the id generator (an odd value stops the server rather than being ignored)
    SANDBOX_SEED: v.pipe(
      optionalText,
      v.check(
        (value) => value === undefined || /^[\w.-]{1,64}$/.test(value),
        (issue) => `Invalid SANDBOX_SEED (letters, digits, . _ -; ≤ 64): ${issue.input}`,
      ),
    ),
  }),
  // the settings' documentation is README.md's table; the names below are what the code reads
  v.transform((env) => ({
    port: env.PORT!,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    webDist: resolve(env.WEB_DIST),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicOrigin: env.PUBLIC_ORIGIN,
    allowedHosts: env.ALLOWED_HOSTS,
    mailboxToken: env.MAILBOX_TOKEN,
    operatorToken: env.OPERATOR_TOKEN,
    maintenanceMode: env.MAINTENANCE_MODE,
    miniappsHost: env.MINIAPPS_HOST,
    styleguideHost: env.STYLEGUIDE_HOST,
    errorReportUrl: env.ERROR_REPORT_URL,
    sitePasscode: env.SITE_PASSCODE,
    passcodePaths: env.PASSCODE_PATHS,
    sandboxHttpsPort: env.SANDBOX_HTTPS_PORT,
    webhookLocalDeliveryForwarder: env.WEBHOOK_LOCAL_DELIVERY === 'forwarder',
    mcpAllowRemote: env.MCP_ALLOW_REMOTE === true,
    logLevel: env.LOG_LEVEL,
    sandboxSeed: env.SANDBOX_SEED,
  })),
)

/**
 * Every setting the server reads from the environment, in one place: the output of `envSchema` (documented in
 * README.md). `publicOrigin` is where mail links point (unset: the listening origin, `mailOrigin`); `mailboxToken`
 * lets non-loopback clients read /sandbox/mailbox; `operatorToken` lets the operators read the mini-app requests;
 * `sitePasscode`/`passcodePaths` are the soft gate of preview paths (spec §2); `webhookLocalDeliveryForwarder` is
 * WEBHOOK_LOCAL_DELIVERY=forwarder (never post webhooks to localhost); `mcpAllowRemote` is MCP_ALLOW_REMOTE=1.
 */
export type Config = v.InferOutput<typeof envSchema>

/** Every setting from the environment, parsed by one schema; an invalid port or PUBLIC_ORIGIN stops the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return v.parse(envSchema, env)
}
