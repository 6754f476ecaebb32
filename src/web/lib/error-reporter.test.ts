import { describe, expect, it } from 'vitest'
import { REDACTED } from '@/domain/redact.ts'
import { createErrorReporter, type ErrorReport } from './error-reporter.ts'

/** A random source that replays the given numbers. */
const sequence = (...values: number[]) => {
  let i = 0
  return () => values[i++ % values.length]!
}

function reporter(options: Partial<Parameters<typeof createErrorReporter>[0]> = {}) {
  const sent: { endpoint: string; report: ErrorReport }[] = []
  const r = createErrorReporter({
    endpoint: 'https://errors.paylab.example/report',
    hostname: 'developers.paylab.example',
    now: () => new Date('2026-11-21T00:00:00Z'),
    send: (endpoint, report) => void sent.push({ endpoint, report }),
    ...options,
  })
  return { r, sent }
}

describe('error reporter (spec §8/§9)', () => {
  it('sends errors at the 0.05 sample rate', () => {
    const { r, sent } = reporter({ random: sequence(0.0, 0.0499, 0.05, 0.5, 0.99) })
    const results = Array.from({ length: 5 }, () => r.captureError(new Error('boom'), '/settings'))
    expect(results).toEqual([true, true, false, false, false])
    expect(sent).toHaveLength(2)
    expect(sent[0]!.endpoint).toBe('https://errors.paylab.example/report')
  })

  it('traces at the 0.0005 sample rate', () => {
    const { r, sent } = reporter({ random: sequence(0.0004, 0.0005, 0.01) })
    expect([r.captureTrace('page', '/'), r.captureTrace('page', '/'), r.captureTrace('page', '/')]).toEqual([true, false, false])
    expect(sent.map((s) => s.report.kind)).toEqual(['trace'])
  })

  it.each(['localhost', '127.0.0.1', 'paylab.localhost'])('is off on a local host (%s)', (hostname) => {
    const { r, sent } = reporter({ hostname, random: () => 0 })
    expect(r.enabled).toBe(false)
    expect(r.captureError(new Error('boom'), '/')).toBe(false)
    expect(sent).toEqual([])
  })

  it('is off without an endpoint', () => {
    const { r } = reporter({ endpoint: null, random: () => 0 })
    expect(r.enabled).toBe(false)
    expect(r.captureError(new Error('boom'), '/')).toBe(false)
  })

  it('redacts personal fields from the message, stack, path and context before sending', () => {
    const { r, sent } = reporter({ random: () => 0 })
    const error = new Error('sign-in failed for hanako@example.com with Bearer abc.def.ghi')
    error.stack = 'Error: sign-in failed for hanako@example.com\n    at signIn (app.js:1:1)'
    r.captureError(error, '/account/signin?email=hanako@example.com&passcode=secret', {
      email: 'hanako@example.com',
      password: 'hunter22',
      access_token: 'abc',
      phoneNumber: '090-1234-5678',
      note: 'call +81 90 1234 5678 tomorrow',
      merchant: { name: 'Cake shop', client_api_secret: 'shh' },
    })
    const { report } = sent[0]!
    const text = JSON.stringify(report)
    for (const secret of ['hanako@example.com', 'hunter22', 'abc.def.ghi', '1234-5678', '1234 5678', 'shh', 'passcode=secret']) {
      expect(text).not.toContain(secret)
    }
    expect(report.path).toBe('/account/signin')
    expect(report.message).toBe(`sign-in failed for ${REDACTED} with Bearer ${REDACTED}`)
    expect(report.context).toEqual({
      email: REDACTED,
      password: REDACTED,
      access_token: REDACTED,
      phoneNumber: REDACTED,
      note: `call ${REDACTED} tomorrow`,
      merchant: { name: 'Cake shop', client_api_secret: REDACTED },
    })
    expect(report.at).toBe('2026-11-21T00:00:00.000Z')
  })
})
