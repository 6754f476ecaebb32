import { resolve } from 'node:path'

/** Every setting the server reads from the environment, in one place (documented in README.md). */
export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  webDist: string
  smtpUrl: string | undefined
  mailFrom: string
  /** Where mail links (password reset) point; unset: the listening origin (see `mailOrigin`). */
  publicOrigin: string | undefined
  /** Lets non-loopback clients read /sandbox/mailbox when presented (Authorization: Bearer … or ?token=…). */
  mailboxToken: string | undefined
  maintenanceMode: boolean | undefined
  miniappsHost: string | undefined
  styleguideHost: string | undefined
  errorReportUrl: string | undefined
  /** Soft gate of preview paths (spec §2 passcode rule): the value and the path prefixes it guards. */
  sitePasscode: string | undefined
  passcodePaths: string[]
  sandboxHttpsPort: number | undefined
  /** WEBHOOK_LOCAL_DELIVERY=forwarder: treat the server as shared for webhooks (never post to localhost). */
  webhookLocalDeliveryForwarder?: boolean
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase())
}

function port(value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`Invalid port: ${value}`)
  return n
}

function origin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`Invalid PUBLIC_ORIGIN: ${value}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Invalid PUBLIC_ORIGIN: ${value}`)
  return url.origin
}

/**
 * The origin mail links use: PUBLIC_ORIGIN, else the origin the server listens on (a wildcard HOST becomes
 * localhost). Never a request header: a forged `Host` must not choose where a reset link points.
 */
export function mailOrigin(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): string {
  if (config.publicOrigin) return config.publicOrigin
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}`
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const level = env.LOG_LEVEL
  return {
    port: port(env.PORT, 3000)!,
    // loopback only unless asked: the sandbox's mailbox and test users are not meant for the network (README)
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(env.WEB_DIST ?? './dist/web'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'PayLab <no-reply@paylab.localhost>',
    publicOrigin: env.PUBLIC_ORIGIN ? origin(env.PUBLIC_ORIGIN) : undefined,
    mailboxToken: env.MAILBOX_TOKEN || undefined,
    maintenanceMode: flag(env.MAINTENANCE_MODE),
    miniappsHost: env.MINIAPPS_HOST || undefined,
    styleguideHost: env.STYLEGUIDE_HOST || undefined,
    errorReportUrl: env.ERROR_REPORT_URL || undefined,
    sitePasscode: env.SITE_PASSCODE || undefined,
    passcodePaths: (env.PASSCODE_PATHS ?? '').split(',').map((p) => p.trim()).filter((p) => p.startsWith('/')),
    sandboxHttpsPort: port(env.SANDBOX_HTTPS_PORT, undefined),
    webhookLocalDeliveryForwarder: env.WEBHOOK_LOCAL_DELIVERY === 'forwarder',
    logLevel: level === 'debug' || level === 'warn' || level === 'error' || level === 'silent' ? level : 'info',
  }
}
