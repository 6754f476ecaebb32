import type { ChangeEvent, CompositionEvent } from 'react'
import { normalizeTyped, normalizeTypedAmount } from '@/domain/typed-input.ts'

type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * The change handlers of a field whose value PayLab reads as typed ASCII (issue 20): `１２３４` becomes `1234` in the
 * field itself (NFKC, src/domain/typed-input.ts), so what the person sees is what is checked and sent. While an input
 * method is composing, the text is left alone (rewriting it would break the composition) and normalised when the
 * composition ends. `trim` drops spaces around the value as it is typed (e-mail, OTP); the default keeps them.
 * `amount` also drops a yen sign and thousands separators (`￥１，０００` is 1000).
 */
export function typedInput(onValue: (value: string) => void, { trim = false, amount = false }: { trim?: boolean; amount?: boolean } = {}) {
  const read = (text: string) => (amount ? normalizeTypedAmount(text) : normalizeTyped(text, { trim }))
  return {
    onChange: (event: ChangeEvent<Field>) => {
      const composing = (event.nativeEvent as InputEvent).isComposing === true
      onValue(composing ? event.target.value : read(event.target.value))
    },
    onCompositionEnd: (event: CompositionEvent<Field>) => onValue(read(event.currentTarget.value)),
  }
}
