import type { MessageDescriptor } from '@lingui/core'

/**
 * One entry of the error catalogue (src/domain/errors.ts): the HTTP status, the provider's codeId and the message, a
 * Lingui message descriptor with an explicit id (`error.<CODE>`). The English text is the descriptor's `message`, the
 * Japanese one the `msgstr` of `locales/ja/messages.po`. `null`: the code's message is empty on purpose (spec §8).
 *
 * The descriptors are marked for `lingui extract` with an `i18n` comment: write them as
 * `[slash-star]i18n[star-slash] { id: 'error.CODE', message: '…' }`.
 */
export interface ErrorEntry {
  status: number
  codeId: string
  message: MessageDescriptor | null
}

/** A catalogue entry from its parts (the areas' compact tables are written with it). */
export const errorOf = (status: number, codeId: string, message: MessageDescriptor | null): ErrorEntry => ({ status, codeId, message })
