import type { Statement, Store } from './db.ts'

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

interface AdmissionRow {
  merchant_id: string
  api_secret: string
  products: string[]
  fresh: number
  clock_offset_ms: number | null
  clock_updated_at_ms: number | null
  force_next: boolean
}

const credential = `
  select c.merchant_id, c.api_secret, m.products, k.offset_ms::float8 as clock_offset_ms, k.updated_at_ms::float8 as clock_updated_at_ms,
    f.merchant_id is not null as force_next
  from merchant_credentials c join merchants m on m.id = c.merchant_id left join sandbox_clocks k on k.merchant_id = c.merchant_id
    left join sandbox_force_next f on f.merchant_id = c.merchant_id
  where c.api_key = $1 and c.revoked_at is null`

const nonce = `
  insert into sandbox_nonces (api_key, nonce, seen_at_ms) select $1, $2, $3 from c
  on conflict do nothing returning 1`

/** The key's current state and the nonce insert, in one round trip. */
const admit: Statement = {
  name: 'paylab_opa_admit',
  text: `with c as (${credential}), n as (${nonce})
    select c.*, (select count(*) from n)::int as fresh from c`,
}

/**
 * The same, and `last_used_at` written when it is older than a minute ($4 now, $5 a minute ago); a row not due is
 * not written, and two processes racing write it once. (A data-modifying WITH runs whether or not it is read.)
 */
const admitAndTouch: Statement = {
  name: 'paylab_opa_admit_touch',
  text: `with c as (${credential}), n as (${nonce}),
    t as (
      update merchant_credentials set last_used_at = $4
      where api_key = $1 and revoked_at is null and (last_used_at is null or last_used_at < $5) and exists (select 1 from n)
      returning 1)
    select c.*, (select count(*) from n)::int as fresh from c`,
}

/**
 * OPA-Auth's one statement per signed request (issue 22): the credential, active now, with its merchant's
 * products, stored clock and pending forced error, and the nonce remembered — so a revoked key, a product change, a moved clock or a
 * replay is seen at once by every process, whatever a process remembers. Undefined when the key is unknown or revoked (no nonce is
 * stored then). `touchAt` also records the key's use (at most once a minute: the caller asks when it may be due).
 */
export async function admitSignedRequest(
  store: Pick<Store, 'query'>,
  input: { apiKey: string; nonce: string; nowMs: number; touchAt?: Date },
): Promise<Admission | undefined> {
  const values: unknown[] = [input.apiKey, input.nonce, input.nowMs]
  const rows = input.touchAt
    ? await store.query<AdmissionRow>(admitAndTouch, [...values, input.touchAt, new Date(input.touchAt.getTime() - 60_000)])
    : await store.query<AdmissionRow>(admit, values)
  const row = rows[0]
  if (!row) return undefined
  return {
    merchantId: row.merchant_id,
    apiSecret: row.api_secret,
    products: row.products,
    fresh: Number(row.fresh) === 1,
    clock: row.clock_offset_ms === null ? null : { offsetMs: Number(row.clock_offset_ms), updatedAtMs: Number(row.clock_updated_at_ms) },
    forceNext: row.force_next === true,
  }
}
