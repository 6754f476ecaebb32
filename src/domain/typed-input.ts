/**
 * What a person types, as PayLab reads it (issue 20 "Japanese first"). A Japanese keyboard in its usual full-width mode
 * types `１２３４`, `ｑｒ`, `０８１０００１６`, `ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ` or `１，０００`; Unicode NFKC turns them into the
 * ASCII a code, an address or an amount is written in (and half-width kana into ordinary kana), and the ideographic
 * space into a plain one. Every field a person types an identifier, an address, a code, an amount or search words
 * into reads its value through `normalizeTyped`, and the server reads typed values (e-mail, OTP, search words,
 * resolver codes, demo amounts) through it too.
 *
 * `trim` (the default) also drops spaces around the value; fields keep inner spaces as typed.
 */
export function normalizeTyped(text: string, { trim = true }: { trim?: boolean } = {}): string {
  const normalized = text.normalize('NFKC')
  return trim ? normalized.trim() : normalized
}

/**
 * A typed amount of yen: digits after `normalizeTyped`, with the thousands separators and the yen sign a person may
 * add (`1,000`, `¥1000`, `１，０００円`) dropped. Anything else is kept so the field's own check refuses it.
 */
export const normalizeTypedAmount = (text: string): string =>
  normalizeTyped(text)
    .replace(/^[¥￥]\s*|\s*円$/g, '')
    .replace(/(?<=\d),(?=\d{3}(?:\D|$))/g, '')
