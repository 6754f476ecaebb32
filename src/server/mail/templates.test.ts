import { describe, expect, it } from 'vitest'
import { otpMail, passwordResetMail } from './templates.ts'

/** The mails' exact words, Japanese first then English, both from the server catalog (locales/{ja,en}/server.po). */
describe('mail templates', () => {
  it('writes the one-time password mail in Japanese, then English, for each purpose', () => {
    const signup = otpMail('dev@example.com', '1234', 'signup')
    expect(signup.subject).toBe('[PayLab] ワンタイムパスワード / One-time password: 1234')
    expect(signup.text).toBe(
      'PayLab のアカウント登録のワンタイムパスワードは 1234 です。\n有効期限は10分です。お心当たりのない場合は、このメールを破棄してください。\n\n----\n\n' +
        'Your PayLab one-time password to finish signing up is 1234.\nIt expires in 10 minutes. If you did not ask for it, you can ignore this mail.\n',
    )
    const signin = otpMail('dev@example.com', '5678', 'signin')
    expect(signin.text).toContain('PayLab のサインインのワンタイムパスワードは 5678 です。')
    expect(signin.text).toContain('Your PayLab one-time password to sign in is 5678.')
    expect(signin.html).toContain('<div lang="ja"><p>PayLab のサインインのワンタイムパスワードは 5678 です。</p>')
  })

  it('writes the password reset mail with the link in both halves', () => {
    const mail = passwordResetMail('dev@example.com', 'https://paylab.test/reset?token=a&b')
    expect(mail.subject).toBe('[PayLab] パスワードの再設定 / Reset your password')
    expect(mail.text).toBe(
      'PayLab のパスワード再設定のご依頼を受け付けました。\n次のリンクから新しいパスワードを設定してください。\nhttps://paylab.test/reset?token=a&b\n' +
        'リンクの有効期限は30分です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n\n----\n\n' +
        'We received a request to reset your PayLab password.\nSet a new password with this link:\nhttps://paylab.test/reset?token=a&b\n' +
        'The link expires in 30 minutes. If you did not ask for it, ignore this mail; your password stays as it is.\n',
    )
    expect(mail.html).toContain('<a href="https://paylab.test/reset?token=a&amp;b">https://paylab.test/reset?token=a&amp;b</a>')
  })
})
