import type { Statement, Store } from './db.ts'
import { momentBatcher } from './moment-batch.ts'
import type { Admission } from './opa-admission-answer.ts'
import { memoryAdmissionOf } from './opa-admission-memory.ts'

export type { Admission }

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

/**
 * The key's current state and the nonce insert in one round trip, and `last_used_at` written when it is older than a minute ($4 now, $5 a minute ago); a row not due is
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
 * The same for several requests at once (issue 22: one statement, one round trip and one commit for every signed
 * request that arrived in one turn of the event loop): row `ord` answers input `ord` (1-based); an input whose key is
 * unknown or revoked has no row (and stores no nonce). A batch never holds one (key, nonce) twice (`admissionBatcher`
 * keeps the second for the next batch, where the first one's row refuses it), so each row joins at most one stored
 * nonce (a join: the count per row it replaces scanned the batch's nonces once per row, quadratic in the batch — 150 µs
 * of PostgreSQL per request at 64 per batch against 15, and batches grow when PostgreSQL falls behind).
 */
const admitMany: Statement = {
  name: 'paylab_opa_admit_many',
  text: `with i as (select * from unnest($1::text[], $2::text[], $3::bigint[]) with ordinality as t(api_key, nonce, now_ms, ord)),
    c as (
      select i.ord, c.merchant_id, c.api_secret, m.products, k.offset_ms::float8 as clock_offset_ms, k.updated_at_ms::float8 as clock_updated_at_ms,
        f.merchant_id is not null as force_next
      from i join merchant_credentials c on c.api_key = i.api_key and c.revoked_at is null join merchants m on m.id = c.merchant_id
        left join sandbox_clocks k on k.merchant_id = c.merchant_id left join sandbox_force_next f on f.merchant_id = c.merchant_id),
    n as (
      insert into sandbox_nonces (api_key, nonce, seen_at_ms) select i.api_key, i.nonce, i.now_ms from i where i.ord in (select ord from c)
      on conflict do nothing returning api_key, nonce)
    select c.ord::int as ord, c.merchant_id, c.api_secret, c.products, c.clock_offset_ms, c.clock_updated_at_ms, c.force_next,
      (n.nonce is not null)::int as fresh
    from c join i on i.ord = c.ord left join n on n.api_key = i.api_key and n.nonce = i.nonce`,
}

interface Input {
  apiKey: string
  nonce: string
  nowMs: number
}

const admissionOf = (row: AdmissionRow): Admission => ({
  merchantId: row.merchant_id,
  apiSecret: row.api_secret,
  products: row.products,
  fresh: Number(row.fresh) === 1,
  clock: row.clock_offset_ms === null ? null : { offsetMs: Number(row.clock_offset_ms), updatedAtMs: Number(row.clock_updated_at_ms) },
  forceNext: row.force_next === true,
})

/**
 * Admissions of one store, grouped: the requests that ask within one turn of the event loop go as one `admitMany`
 * statement (`momentBatcher`: at most two in flight, what waits meanwhile goes together next). Each request
 * still gets its key's state as of its own statement and its nonce stored before it is answered.
 */
function admissionBatcher(store: Pick<Store, 'query'>) {
  return momentBatcher<Input, Admission | undefined>(
    async (inputs) => {
      const rows = await store.query<AdmissionRow & { ord: number }>(admitMany, [
        inputs.map((i) => i.apiKey),
        inputs.map((i) => i.nonce),
        inputs.map((i) => i.nowMs),
      ])
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]))
      return inputs.map((_, index) => {
        const row = byOrd.get(index + 1)
        return row ? admissionOf(row) : undefined
      })
    },
    // the same (key, nonce) twice in one statement would both read as new: the second waits for the next one
    { distinct: (input) => `${input.apiKey}\n${input.nonce}` },
  )
}

const batchers = new WeakMap<object, ReturnType<typeof admissionBatcher>>()

/**
 * OPA-Auth's one statement per signed request (issue 22; grouped with the other requests of the same moment, see
 * `admissionBatcher`): the credential, active now, with its merchant's
 * products, stored clock and pending forced error, and the nonce remembered — so a revoked key, a product change, a moved clock or a
 * replay is seen at once by every process, whatever a process remembers. Undefined when the key is unknown or revoked (no nonce is
 * stored then). `touchAt` also records the key's use (at most once a minute: the caller asks when it may be due).
 * On PGlite (one process) the same answer comes from memory, the nonces written behind (`opa-admission-memory.ts`).
 */
export async function admitSignedRequest(
  store: Pick<Store, 'query'> & Partial<Pick<Store, 'kind' | 'embedded'>>,
  input: { apiKey: string; nonce: string; nowMs: number; touchAt?: Date },
): Promise<Admission | undefined> {
  const inMemory = memoryAdmissionOf(store)
  if (inMemory) return inMemory.admit(input)
  if (!input.touchAt) {
    let batcher = batchers.get(store)
    if (!batcher) batchers.set(store, (batcher = admissionBatcher(store)))
    return batcher({ apiKey: input.apiKey, nonce: input.nonce, nowMs: input.nowMs })
  }
  const values: unknown[] = [input.apiKey, input.nonce, input.nowMs]
  const rows = await store.query<AdmissionRow>(admitAndTouch, [...values, input.touchAt, new Date(input.touchAt.getTime() - 60_000)])
  return rows[0] ? admissionOf(rows[0]) : undefined
}
