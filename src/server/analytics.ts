import type { Logger } from './logger.ts'

/** An analytics event of the spec (e.g. 'Merchant-creation', category SignUp, with a result code). */
export interface AnalyticsEvent {
  name: string
  category: string
  label?: string
  value?: string | number
}

export interface AnalyticsSink {
  track(event: AnalyticsEvent): void
  /** The most recent events (newest last), for operators and tests. */
  recent(): readonly AnalyticsEvent[]
}

export function createAnalyticsSink(log: Logger, keep = 200): AnalyticsSink {
  const events: AnalyticsEvent[] = []
  return {
    track(event) {
      events.push(event)
      if (events.length > keep) events.shift()
      log.info('analytics', { event })
    },
    recent: () => events,
  }
}
