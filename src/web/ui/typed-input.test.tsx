import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { typedInput } from './typed-input.ts'

function Field({ label, options, area = false }: { label: string; options?: Parameters<typeof typedInput>[1]; area?: boolean }) {
  const [value, setValue] = useState('')
  return area ? (
    <textarea aria-label={label} value={value} {...typedInput(setValue, options)} />
  ) : (
    <input aria-label={label} value={value} {...typedInput(setValue, options)} />
  )
}

/** Issue 20: each kind of typed field reads full-width as the ASCII it means. */
describe('typedInput', () => {
  it('a URL field (settings → webhook URL) reads ｈｔｔｐｓ：／／… as the ASCII address', () => {
    render(<Field label="url" />)
    const field = screen.getByLabelText<HTMLInputElement>('url')
    fireEvent.change(field, { target: { value: 'ｈｔｔｐｓ：／／ｓｈｏｐ．ｅｘａｍｐｌｅ．ｃｏｍ／ｈｏｏｋ' } })
    expect(field.value).toBe('https://shop.example.com/hook')
  })

  it('a list of domains keeps its lines and inner spaces as typed', () => {
    render(<Field label="domains" area />)
    const field = screen.getByLabelText<HTMLTextAreaElement>('domains')
    fireEvent.change(field, { target: { value: 'ｓｈｏｐ．ｅｘａｍｐｌｅ\nｐａｙ．ｅｘａｍｐｌｅ ' } })
    expect(field.value).toBe('shop.example\npay.example ')
  })

  it('an amount field (the demo panel) reads ￥１，０００ as 1000', () => {
    render(<Field label="amount" options={{ amount: true }} />)
    const field = screen.getByLabelText<HTMLInputElement>('amount')
    fireEvent.change(field, { target: { value: '１００' } })
    expect(field.value).toBe('100')
    fireEvent.change(field, { target: { value: '￥１，０００' } })
    expect(field.value).toBe('1000')
  })

  it("an identifier field (the lab's user authorization id) drops spaces around it", () => {
    render(<Field label="id" options={{ trim: true }} />)
    const field = screen.getByLabelText<HTMLInputElement>('id')
    fireEvent.change(field, { target: { value: '　ｕａ＿１２３ ' } })
    expect(field.value).toBe('ua_123')
  })

  it("leaves an input method's composition alone and reads it when it ends", () => {
    render(<Field label="otp" options={{ trim: true }} />)
    const field = screen.getByLabelText<HTMLInputElement>('otp')
    fireEvent.change(field, { target: { value: '１２' }, nativeEvent: { isComposing: true } })
    fireEvent.compositionEnd(field)
    expect(field.value).toBe('12')
  })
})
