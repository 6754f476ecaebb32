import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server inside the test process, on an ephemeral port: point the app's SMTP_URL (config.smtpUrl)
 * at `receiver.url` and read what it delivered. No TLS, no auth: for tests only.
 *
 *   const smtp = await startSmtpReceiver()
 *   … sign up with config.smtpUrl = smtp.url …
 *   const mail = await smtp.waitFor((m) => m.to.includes('taro@example.com'))
 *   const otp = otpOf(mail)
 */
export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  raw: string
}

export interface SmtpReceiver {
  url: string
  port: number
  mails: ReceivedMail[]
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtpReceiver(host = '127.0.0.1'): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = parseMessage(raw)
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parsed,
          raw,
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://${host}:${port}`,
    port,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The 4-digit one-time password of a PayLab OTP mail. */
export function otpOf(mail: Pick<ReceivedMail, 'text'>): string | undefined {
  return /one-time password[^\n]*?is\s*(\d{4})\b/i.exec(mail.text)?.[1]
}

/** The first link of a mail (the password-reset link). */
export function linkOf(mail: Pick<ReceivedMail, 'text'>): string | undefined {
  return /https?:\/\/\S+/.exec(mail.text)?.[0]
}

// ── a small MIME reader: enough for what nodemailer writes (multipart/alternative, QP or base64, RFC 2047) ──

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/)
  const head = at < 0 ? part : part.slice(0, at)
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw)
  const out = { subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' }
  const walk = (contentType: string, encoding: string | undefined, content: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
    if (/^multipart\//i.test(contentType) && boundary) {
      for (const part of content.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break
        const inner = splitHeaders(part.replace(/^\r?\n/, ''))
        walk(inner.headers.get('content-type') ?? 'text/plain', inner.headers.get('content-transfer-encoding'), inner.body)
      }
      return
    }
    const decoded = decodeBody(content, encoding).replace(/\r\n/g, '\n')
    if (/^text\/html/i.test(contentType)) out.html ||= decoded
    else if (/^text\/plain/i.test(contentType) || contentType === '') out.text ||= decoded
  }
  walk(headers.get('content-type') ?? 'text/plain', headers.get('content-transfer-encoding'), body)
  return out
}
