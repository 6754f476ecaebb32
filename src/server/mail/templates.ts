import type { MessageDescriptor } from '@lingui/core'
import { limits } from '@/domain/limits.ts'
import { t } from '../i18n.ts'
import type { MailMessage } from './mailer.ts'
import { escapeHtml } from '../http/html.ts'

/**
 * Every mail is bilingual: Japanese first (the portal's default), then English, in one body. Both texts are the same
 * Lingui descriptors of the server catalog (`locales/{ja,en}/server.po`), rendered once per language.
 */

const minutes = (ms: number) => Math.round(ms / 60_000)

const mailText = {
  otpSubject: /*i18n*/ { id: 'mail.otp.subject', message: 'One-time password' },
  otpSignup: /*i18n*/ { id: 'mail.otp.signup', message: 'Your PayLab one-time password to finish signing up is {otp}.' },
  otpSignin: /*i18n*/ { id: 'mail.otp.signin', message: 'Your PayLab one-time password to sign in is {otp}.' },
  otpExpiry: /*i18n*/ { id: 'mail.otp.expiry', message: 'It expires in {minutes} minutes. If you did not ask for it, you can ignore this mail.' },
  resetSubject: /*i18n*/ { id: 'mail.passwordReset.subject', message: 'Reset your password' },
  resetReceived: /*i18n*/ { id: 'mail.passwordReset.received', message: 'We received a request to reset your PayLab password.' },
  resetLinkLead: /*i18n*/ { id: 'mail.passwordReset.linkLead', message: 'Set a new password with this link:' },
  resetExpiry: /*i18n*/ {
    id: 'mail.passwordReset.expiry',
    message: 'The link expires in {minutes} minutes. If you did not ask for it, ignore this mail; your password stays as it is.',
  },
  lockedSubject: /*i18n*/ { id: 'mail.otpLocked.subject', message: 'Sign-in codes paused on your account' },
  lockedWhat: /*i18n*/ {
    id: 'mail.otpLocked.what',
    message:
      'Someone entered {count} wrong one-time passwords for your PayLab account today. To keep your account safe, no one-time password for it is accepted until {until} (Japan time).',
  },
  lockedWhy: /*i18n*/ {
    id: 'mail.otpLocked.why',
    message:
      'A one-time password is sent only after the right password, or while an address is signing up: if this was not you, someone may know your password or be signing up with your address.',
  },
  lockedWayIn: /*i18n*/ {
    id: 'mail.otpLocked.wayIn',
    message: 'Set a new password with this link: it signs every other session out and lifts the pause at once, so you can sign in again.',
  },
  lockedKnownDevice: /*i18n*/ {
    id: 'mail.otpLocked.knownDevice',
    message: 'Signing in with your password on a browser where you signed in before needs no code and keeps working.',
  },
} as const satisfies Record<string, MessageDescriptor>

/** One descriptor in both languages of the mail, Japanese first. */
const both = (descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
  ({ ja: t('ja', descriptor, values), en: t('en', descriptor, values) }) as const

function layout(ja: string[], en: string[], highlight?: string): string {
  const para = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('')
  const code = highlight ? `<p style="font-size:28px;letter-spacing:8px;font-weight:bold" data-otp="${escapeHtml(highlight)}">${escapeHtml(highlight)}</p>` : ''
  return [
    '<!doctype html><html><body style="font-family:sans-serif;color:#333">',
    `<div lang="ja">${para(ja)}${code}</div>`,
    '<hr>',
    `<div lang="en">${para(en)}${code}</div>`,
    '<p style="color:#888">PayLab</p></body></html>',
  ].join('')
}

export type OtpPurpose = 'signup' | 'signin'

export function otpMail(to: string, otp: string, purpose: OtpPurpose): MailMessage {
  const ttl = String(minutes(limits.accounts.otpTtlMs))
  const lead = both(purpose === 'signup' ? mailText.otpSignup : mailText.otpSignin, { otp })
  const expiry = both(mailText.otpExpiry, { minutes: ttl })
  const subject = both(mailText.otpSubject)
  const ja = [lead.ja, expiry.ja]
  const en = [lead.en, expiry.en]
  return {
    to,
    subject: `[PayLab] ${subject.ja} / ${subject.en}: ${otp}`,
    text: `${ja.join('\n')}\n\n----\n\n${en.join('\n')}\n`,
    html: layout(ja.map(escapeHtml), en.map(escapeHtml), otp),
  }
}

/** Japan time, to the minute: 2026-01-01 09:00. */
const japanTime = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')

/**
 * Told to the owner when the address's one-time passwords lock for the day (issue 33; docs/accounts.md "A lock a
 * stranger triggers"): what happened, until when, and a password link as the way in.
 */
export function otpLockedMail(to: string, link: string, until: Date, count: number): MailMessage {
  const ttl = String(minutes(limits.accounts.passwordResetTtlMs))
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
  const lines = [
    both(mailText.lockedWhat, { count, until: japanTime(until) }),
    both(mailText.lockedWhy),
    both(mailText.lockedKnownDevice),
    both(mailText.lockedWayIn),
  ]
  const after = both(mailText.resetExpiry, { minutes: ttl })
  const subject = both(mailText.lockedSubject)
  const ja = lines.map((l) => l.ja)
  const en = lines.map((l) => l.en)
  return {
    to,
    subject: `[PayLab] ${subject.ja} / ${subject.en}`,
    text: `${ja.join('\n')}\n${link}\n${after.ja}\n\n----\n\n${en.join('\n')}\n${link}\n${after.en}\n`,
    html: layout([...ja.map(escapeHtml), a, escapeHtml(after.ja)], [...en.map(escapeHtml), a, escapeHtml(after.en)]),
  }
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const ttl = String(minutes(limits.accounts.passwordResetTtlMs))
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
  const received = both(mailText.resetReceived)
  const linkLead = both(mailText.resetLinkLead)
  const after = both(mailText.resetExpiry, { minutes: ttl })
  const subject = both(mailText.resetSubject)
  const ja = [received.ja, linkLead.ja]
  const en = [received.en, linkLead.en]
  return {
    to,
    subject: `[PayLab] ${subject.ja} / ${subject.en}`,
    text: `${ja.join('\n')}\n${link}\n${after.ja}\n\n----\n\n${en.join('\n')}\n${link}\n${after.en}\n`,
    html: layout([...ja.map(escapeHtml), a, escapeHtml(after.ja)], [...en.map(escapeHtml), a, escapeHtml(after.en)]),
  }
}
