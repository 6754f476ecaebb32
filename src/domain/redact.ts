/**
 * Removes personal fields (e-mail, password, tokens, secrets, phone numbers) from anything before it is
 * logged or sent to an error reporter. Used by the server's logger and the web error reporter alike.
 */
const sensitiveKey = /(e-?mail|pass(word)?|pwd|token|secret|authorization|cookie|otp|phone|mobile|api_?key|client_?api)/i
const emailPattern = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi
const phonePattern = /(?<![\w-])\+?\d[\d -]{8,}\d(?![\w-])/g
const bearerPattern = /(bearer|hmac)\s+[^\s"']+/gi

export const REDACTED = '[redacted]'

export function redactText(text: string): string {
  return text.replace(emailPattern, REDACTED).replace(bearerPattern, `$1 ${REDACTED}`).replace(phonePattern, REDACTED)
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED
  if (typeof value === 'string') return redactText(value)
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      out[key] = sensitiveKey.test(key) ? REDACTED : redact(v, depth + 1)
    }
    return out
  }
  return value
}
