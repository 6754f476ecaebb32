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
  publicOrigin: string | undefined
  maintenanceMode: boolean | undefined
  miniappsHost: string | undefined
  styleguideHost: string | undefined
  errorReportUrl: string | undefined
  /** Soft gate of preview paths (spec §2 passcode rule): the value and the path prefixes it guards. */
  sitePasscode: string | undefined
  passcodePaths: string[]
  sandboxHttpsPort: number | undefined
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const level = env.LOG_LEVEL
  return {
    port: port(env.PORT, 3000)!,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(env.WEB_DIST ?? './dist/web'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'PayLab <no-reply@paylab.localhost>',
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    maintenanceMode: flag(env.MAINTENANCE_MODE),
    miniappsHost: env.MINIAPPS_HOST || undefined,
    styleguideHost: env.STYLEGUIDE_HOST || undefined,
    errorReportUrl: env.ERROR_REPORT_URL || undefined,
    sitePasscode: env.SITE_PASSCODE || undefined,
    passcodePaths: (env.PASSCODE_PATHS ?? '').split(',').map((p) => p.trim()).filter((p) => p.startsWith('/')),
    sandboxHttpsPort: port(env.SANDBOX_HTTPS_PORT, undefined),
    logLevel: level === 'debug' || level === 'warn' || level === 'error' || level === 'silent' ? level : 'info',
  }
}
