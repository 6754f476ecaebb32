/**
 * Where a JSON text stops being JSON: the offset, line and column (1-based) of the first character the grammar
 * (RFC 8259) does not allow, so the validator reports the same position in every browser and in Node (the engines'
 * own `JSON.parse` messages differ and some give no position at all).
 */
export interface JsonErrorPosition {
  offset: number
  line: number
  column: number
  /** the character found there, or '' at the end of the text */
  found: string
}

class Stop {
  constructor(readonly offset: number) {}
}

/** The first error of a text `JSON.parse` rejects; undefined when the text is valid JSON. */
export function locateJsonError(text: string): JsonErrorPosition | undefined {
  let i = 0
  const fail = (): never => {
    throw new Stop(i)
  }
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail()
      i++
    }
  }
  const string = () => {
    if (text[i] !== '"') fail()
    i++
    for (;;) {
      if (i >= text.length) fail()
      const ch = text[i]!
      if (ch === '"') return void i++
      if (ch.charCodeAt(0) < 0x20) fail()
      if (ch === '\\') {
        i++
        const esc = text[i]
        if (esc === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k
              fail()
            }
          }
          i += 5
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) i++
        else fail()
      } else i++
    }
  }
  const digits = () => {
    if (!/[0-9]/.test(text[i] ?? '')) fail()
    while (/[0-9]/.test(text[i] ?? '')) i++
  }
  const number = () => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else digits()
    if (text[i] === '.') {
      i++
      digits()
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      digits()
    }
  }
  const value = (depth: number): void => {
    if (depth > 512) fail()
    ws()
    const ch = text[i]
    if (ch === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        string()
        ws()
        if (text[i] !== ':') fail()
        i++
        value(depth + 1)
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    }
    if (ch === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value(depth + 1)
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    }
    if (ch === '"') return string()
    if (ch === 't') return literal('true')
    if (ch === 'f') return literal('false')
    if (ch === 'n') return literal('null')
    if (ch === '-' || /[0-9]/.test(ch ?? '')) return number()
    fail()
  }
  try {
    value(0)
    ws()
    if (i < text.length) fail()
    return undefined
  } catch (e) {
    if (!(e instanceof Stop)) throw e
    const before = text.slice(0, e.offset)
    const lines = before.split('\n')
    return { offset: e.offset, line: lines.length, column: lines[lines.length - 1]!.length + 1, found: text[e.offset] ?? '' }
  }
}
