/** What one admission answers: the key's state now (read in the same statement as the nonce insert). */
export interface Admission {
  merchantId: string
  apiSecret: string
  products: string[]
  /** The nonce was new (false: a replay inside the window). */
  fresh: boolean
  /** The merchant's stored clock (null: real time), read in the same statement. */
  clock: { offsetMs: number; updatedAtMs: number } | null
  /** The merchant has a stored "force the next error" directive (read in the same statement; taken by `takeForcedNext`). */
  forceNext: boolean
}
