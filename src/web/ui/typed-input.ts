import type { ChangeEvent, CompositionEvent } from 'react'
import { normalizeTyped } from '@/domain/typed-input.ts'

type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * The change handlers of a field whose value PayLab reads as typed ASCII (issue 20): `１２３４` becomes `1234` in the
 * field itself (NFKC, src/domain/typed-input.ts), so what the person sees is what is checked and sent. While an input
 * method is composing, the text is left alone (rewriting it would break the composition) and normalised when the
 * composition ends. `trim` drops spaces around the value as it is typed (e-mail, OTP); the default keeps them.
 */
export function typedInput(onValue: (value: string) => void, { trim = false }: { trim?: boolean } = {}) {
  return {
    onChange: (event: ChangeEvent<Field>) => {
      const composing = (event.nativeEvent as InputEvent).isComposing === true
      onValue(composing ? event.target.value : normalizeTyped(event.target.value, { trim }))
    },
    onCompositionEnd: (event: CompositionEvent<Field>) => onValue(normalizeTyped(event.currentTarget.value, { trim })),
  }
}
