import type { Lang } from '@/domain/i18n.ts'
import { formatJst } from '@/domain/time-format.ts'

/** Dates and yen of the dashboard in the UI language; dates and times in Japan time (src/domain/time-format.ts). */
const locale = (lang: Lang) => (lang === 'ja' ? 'ja-JP' : 'en-GB')

export const formatDate = (lang: Lang, iso: string) => formatJst(lang, iso, 'date')
export const formatDateTime = (lang: Lang, iso: string) => formatJst(lang, iso, 'dateTime')
/** en-US for yen in English: en-GB writes 'JP¥'. */
export const formatYen = (lang: Lang, amount: number) =>
  new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { style: 'currency', currency: 'JPY' }).format(amount)

/** The first day of the month after `YYYY-MM`, in the UI language: when the next top-up is allowed. */
export function nextMonthStart(lang: Lang, month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const next = new Date(Date.UTC(m === 12 ? year + 1 : year, m === 12 ? 0 : m, 1, 12))
  return new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(next)
}
