import type { I18n, MessageDescriptor } from '@lingui/core'
import { machineTexts } from './machine-texts.gen.ts'

/** The machines' English texts and their catalog entries (`npm run diagrams` writes the list; the flows catalog has them). */
const descriptors = new Map<string, MessageDescriptor>(machineTexts)

/**
 * A machine's or model's English text in the page's language. `{name}` in a machine's text is literal (a path
 * parameter such as `/v2/codes/{id}`), so it is handed back as itself.
 */
export function flowText(i18n: I18n, text: string): string {
  const descriptor = descriptors.get(text)
  if (!descriptor) return text
  const literal = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map(([whole, name]) => [name, whole]))
  const { id, message } = descriptor
  return id ? i18n._(id, literal, { message }) : text
}
