import { limits } from '@/domain/limits.ts'
import type { MailMessage } from './mailer.ts'

/** Every mail is bilingual: Japanese first (the portal's default), then English, in one body. */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const minutes = (ms: number) => Math.round(ms / 60_000)

function layout(ja: string[], en: string[], highlight?: string): string {
  const para = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('')
  const code = highlight
    ? `<p style="font-size:28px;letter-spacing:8px;font-weight:bold" data-otp="${escapeHtml(highlight)}">${escapeHtml(highlight)}</p>`
    : ''
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
  const ttl = minutes(limits.accounts.otpTtlMs)
  const jaWhat = purpose === 'signup' ? 'アカウント登録' : 'サインイン'
  const enWhat = purpose === 'signup' ? 'finish signing up' : 'sign in'
  const ja = [
    `PayLab の${jaWhat}のワンタイムパスワードは ${otp} です。`,
    `有効期限は${ttl}分です。お心当たりのない場合は、このメールを破棄してください。`,
  ]
  const en = [
    `Your PayLab one-time password to ${enWhat} is ${otp}.`,
    `It expires in ${ttl} minutes. If you did not ask for it, you can ignore this mail.`,
  ]
  return {
    to,
    subject: `[PayLab] ワンタイムパスワード / One-time password: ${otp}`,
    text: `${ja.join('\n')}\n\n----\n\n${en.join('\n')}\n`,
    html: layout(ja.map(escapeHtml), en.map(escapeHtml), otp),
  }
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const ttl = minutes(limits.accounts.passwordResetTtlMs)
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
  const ja = ['PayLab のパスワード再設定のご依頼を受け付けました。', '次のリンクから新しいパスワードを設定してください。']
  const jaAfter = `リンクの有効期限は${ttl}分です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`
  const en = ['We received a request to reset your PayLab password.', 'Set a new password with this link:']
  const enAfter = `The link expires in ${ttl} minutes. If you did not ask for it, ignore this mail; your password stays as it is.`
  return {
    to,
    subject: '[PayLab] パスワードの再設定 / Reset your password',
    text: `${ja.join('\n')}\n${link}\n${jaAfter}\n\n----\n\n${en.join('\n')}\n${link}\n${enAfter}\n`,
    html: layout([...ja.map(escapeHtml), a, escapeHtml(jaAfter)], [...en.map(escapeHtml), a, escapeHtml(enAfter)]),
  }
}
