import type { Hono } from 'hono'

/** A module's routers by the URL prefix each one serves, paths inside a router relative to its prefix. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- routers of any env are mounted alike
export type PrefixTable = Readonly<Record<string, Hono<any>>>

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)

/**
 * Mounts each module's routers at their prefixes: `parent.route(prefix, router)` once per prefix. A prefix belongs
 * to exactly one module: two tables naming the same prefix, or one prefix inside another (`/payments` and
 * `/payments/x`), stop the app at start.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parent app, whatever its env
export function byPrefix<H extends Hono<any>>(parent: H, ...tables: PrefixTable[]): H {
  const claimed: string[] = []
  for (const table of tables) {
    for (const [prefix, router] of Object.entries(table)) {
      const taken = claimed.find((other) => overlaps(other, prefix))
      if (taken !== undefined) throw new Error(`URL prefix ${prefix} overlaps ${taken}, already mounted: a prefix belongs to one module`)
      claimed.push(prefix)
      parent.route(prefix, router)
    }
  }
  return parent
}
