import type { Lang } from './i18n.ts'

/**
 * Every date and time the portal shows, in one zone: Japan (Asia/Tokyo), whatever the browser's or the server's zone
 * (issue 20). A time carries the label "JST" so nobody reads it as their own zone; a date alone has none.
 *
 * - `dateTime`: 2026/11/25 21:55 JST · 25 Nov 2026, 21:55 JST (transactions, keys)
 * - `dateTimeSeconds`: 2026/11/25 21:55:03 JST · 25 Nov 2026, 21:55:03 JST (the sandbox clock, snapshots)
 * - `log`: 2026/11/25 21:55:03 JST · 25/11/2026, 21:55:03 JST (the request and webhook logs)
 * - `time`: 21:55:03 JST
 * - `date`: 2026/11/25 · 25 Nov 2026
 */
export const portalTimeZone = 'Asia/Tokyo'
export const portalTimeZoneLabel = 'JST'

export type TimeStyle = 'date' | 'dateTime' | 'dateTimeSeconds' | 'log' | 'time'

const options: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  log: { dateStyle: 'short', timeStyle: 'medium' },
  time: { timeStyle: 'medium' },
}

const formats = new Map<string, Intl.DateTimeFormat>()

export function formatJst(lang: Lang, at: Date | string | number, style: TimeStyle = 'dateTime'): string {
  const key = `${lang}:${style}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', { ...options[style], timeZone: portalTimeZone })))
  const text = format.format(at instanceof Date ? at : new Date(at))
  return style === 'date' ? text : `${text} ${portalTimeZoneLabel}`
}
