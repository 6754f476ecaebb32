import { limits } from '@/domain/limits.ts'
import { redact, redactText } from '@/domain/redact.ts'

/**
 * Client error reporting (spec §8/§9): errors sampled at 0.05, traces at 0.0005, off on a local host or
 * without an endpoint, personal fields redacted before anything leaves the browser.
 */

export interface ErrorReport {
  kind: 'error' | 'trace'
  name: string
  message: string
  stack?: string
  path: string
  context?: unknown
  at: string
}

export interface ErrorReporterOptions {
  endpoint: string | null | undefined
  hostname: string
  /** A number in [0, 1); injected in tests. */
  random?: () => number
  now?: () => Date
  rates?: { errorSampleRate: number; traceSampleRate: number }
  send?: (endpoint: string, report: ErrorReport) => void | Promise<void>
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1'
}

function postReport(endpoint: string, report: ErrorReport) {
  const body = JSON.stringify(report)
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) return
  void fetch(endpoint, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {})
}

export function createErrorReporter(options: ErrorReporterOptions) {
  const random = options.random ?? Math.random
  const now = options.now ?? (() => new Date())
  const rates = options.rates ?? limits.errorReporting
  const send = options.send ?? postReport
  const endpoint = options.endpoint || null
  const enabled = !!endpoint && !isLocalHost(options.hostname)

  function build(kind: ErrorReport['kind'], error: unknown, path: string, context?: unknown): ErrorReport {
    const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-error thrown')
    return {
      kind,
      name: err.name,
      message: redactText(err.message),
      ...(err.stack ? { stack: redactText(err.stack) } : {}),
      // the path only: query strings can carry passcodes, tokens or e-mail addresses
      path: redactText(path.split(/[?#]/)[0] ?? ''),
      ...(context === undefined ? {} : { context: redact(context) }),
      at: now().toISOString(),
    }
  }

  return {
    enabled,
    /** Reports an error if reporting is on and it falls in the sample; true when it was sent. */
    captureError(error: unknown, path: string, context?: unknown): boolean {
      if (!enabled || random() >= rates.errorSampleRate) return false
      void send(endpoint!, build('error', error, path, context))
      return true
    },
    /** Whether this page view's timings are traced (rate 0.0005). */
    captureTrace(name: string, path: string, context?: unknown): boolean {
      if (!enabled || random() >= rates.traceSampleRate) return false
      void send(endpoint!, build('trace', new Error(name), path, context))
      return true
    },
  }
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>

let appReporter: ErrorReporter = createErrorReporter({ endpoint: null, hostname: '' })

/** Configures the app-wide reporter once the site configuration is known (VITE_ERROR_REPORT_URL wins). */
export function configureErrorReporter(serverEndpoint: string | null) {
  appReporter = createErrorReporter({
    endpoint: import.meta.env.VITE_ERROR_REPORT_URL || serverEndpoint,
    hostname: globalThis.location?.hostname ?? '',
  })
}

export function reportError(error: unknown, context?: unknown): boolean {
  return appReporter.captureError(error, globalThis.location?.pathname ?? '', context)
}

/** Window-level hooks: uncaught errors and unhandled rejections reach the reporter. */
export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => void reportError(event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => void reportError(event.reason))
}
