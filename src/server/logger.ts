import { redact } from '@/domain/redact.ts'
import type { Config } from './config.ts'

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
}

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const

/** JSON lines on stdout; personal fields redacted; a request id on every request line (see app.ts). */
export function createLogger(
  level: Config['logLevel'],
  base: Record<string, unknown> = {},
  write: (line: string) => unknown = (line) => process.stdout.write(line + '\n'),
): Logger {
  const emit = (lvl: keyof typeof order, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return
    const record = { t: new Date().toISOString(), level: lvl, msg, ...base, ...(fields ? (redact(fields) as object) : {}) }
    write(JSON.stringify(record))
  }
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  }
}
