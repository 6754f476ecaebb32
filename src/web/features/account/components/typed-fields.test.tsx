import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EmailField } from './email-field.tsx'
import { OtpStep } from './otp-step.tsx'

/** Issue 20: what a Japanese keyboard types in full-width is read as the ASCII it means. */
describe('full-width typing in the account forms', () => {
  beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))

  it('the OTP field reads １２３４ as the code 1234 and sends it', () => {
    const onSubmit = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <OtpStep email="taro@example.com" secondsLeft={0} canResend resending={false} verifying={false} error="" onSubmit={onSubmit} onResend={() => {}} />
      </I18nProvider>,
    )
    const field = screen.getByLabelText<HTMLInputElement>('One-time password')
    fireEvent.change(field, { target: { value: '１２３４' } })
    expect(field.value).toBe('1234')
    expect(screen.queryByText('OTP is not valid')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(onSubmit).toHaveBeenCalledWith('1234')
  })

  it('the OTP field leaves a composition alone until it ends', () => {
    render(
      <I18nProvider i18n={i18n}>
        <OtpStep email="taro@example.com" secondsLeft={0} canResend resending={false} verifying={false} error="" onSubmit={() => {}} onResend={() => {}} />
      </I18nProvider>,
    )
    const field = screen.getByLabelText<HTMLInputElement>('One-time password')
    fireEvent.change(field, { target: { value: '１２' }, nativeEvent: { isComposing: true } })
    fireEvent.compositionEnd(field)
    expect(field.value).toBe('12')
  })

  it('the e-mail field reads a full-width address as the ASCII one', () => {
    function Form() {
      const [value, setValue] = useState('')
      return <EmailField id="email" value={value} invalid={false} describedBy="" onValueChange={setValue} onBlur={() => {}} />
    }
    render(
      <I18nProvider i18n={i18n}>
        <Form />
      </I18nProvider>,
    )
    const field = screen.getByLabelText<HTMLInputElement>('E-mail')
    fireEvent.change(field, { target: { value: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ　' } })
    expect(field.value).toBe('taro@example.com')
  })
})
