// The table `npm run bench:sandbox` prints (scripts/bench-sandbox.ts): one row per store and endpoint.

/** CPU µs per request: the server (with its workers), PostgreSQL, the bench itself (autocannon, signing). */
export interface CpuPerRequest {
  server?: number
  postgres?: number
  bench: number
}

export interface Row {
  load: string
  store: string
  scenario: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
  cpu: CpuPerRequest
}

/** The name of the code-payment read, the reference of every other signed GET (issue 33: within 20 % of its share). */
export const codeRead = 'signed GET /v2/codes/payments/{id}'

/** A signed GET's share of ping against the code-payment read's share, in the same store's run. */
function versusCodeRead(rows: Row[], row: Row) {
  const ref = rows.find((r) => r.store === row.store && r.scenario === codeRead)
  return ref?.rps ? `${((row.rps / ref.rps) * 100).toFixed(0)} %` : 'n/a'
}

export function printTable(rows: Row[]) {
  const header = [
    'store',
    'endpoint',
    'req/s',
    'vs ceiling',
    'vs code read',
    'p50 ms',
    'p99 ms',
    'p99 vs ping',
    'CPU µs/req server',
    'PG',
    'bench',
    'cores busy srv/PG/bench',
    'load 1 min',
    'requests',
    'non-2xx',
    'errors',
  ]
  const us = (n: number | undefined) => (n === undefined ? 'n/a' : n.toFixed(0))
  const lines = rows.map((row) => {
    const ping = rows.find((r) => r.store === row.store && r.scenario.startsWith('bare'))
    const ceiling = ping?.rps ?? row.rps
    return [
      row.store,
      row.scenario,
      row.rps.toFixed(0),
      `${((row.rps / ceiling) * 100).toFixed(1)} %`,
      row.scenario.startsWith('signed GET') ? versusCodeRead(rows, row) : '',
      // no request finished inside the run (each took longer than it): no latency to show
      row.total ? row.p50.toFixed(1) : 'n/a',
      row.total ? row.p99.toFixed(1) : 'n/a',
      ping?.total && row.total ? `${(row.p99 / Math.max(ping.p99, 1)).toFixed(1)}×` : 'n/a',
      us(row.cpu.server),
      us(row.cpu.postgres),
      us(row.cpu.bench),
      // cores kept busy during the run (CPU µs per request × requests per second): a server process near 1.0 is the bound
      [row.cpu.server, row.cpu.postgres, row.cpu.bench].map((n) => (n === undefined ? '–' : ((n * row.rps) / 1e6).toFixed(2))).join(' / '),
      row.load,
      String(row.total),
      String(row.non2xx),
      String(row.errors),
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`
  console.log(fmt(header))
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`)
  for (const line of lines) console.log(fmt(line))
}

/** How much WORKERS=2 gains over one process, per endpoint (the goal: at least 1.5×). */
export function printScaling(rows: Row[]) {
  for (const one of rows.filter((r) => r.store === 'PostgreSQL')) {
    const two = rows.find((r) => r.store === 'PostgreSQL WORKERS=2' && r.scenario === one.scenario)
    if (two && one.rps > 0) console.log(`WORKERS=2 / one process, ${one.scenario}: ${(two.rps / one.rps).toFixed(2)}×`)
  }
}

/** Issue 33's goal per store: every signed GET at least 80 % of the code-payment read's share of ping. */
export function printReadGoal(rows: Row[]) {
  for (const store of new Set(rows.map((r) => r.store))) {
    const ref = rows.find((r) => r.store === store && r.scenario === codeRead)
    const reads = rows.filter((r) => r.store === store && r.scenario.startsWith('signed GET') && r !== ref)
    if (!ref?.rps || !reads.length) continue
    const worst = reads.reduce((a, b) => (a.rps <= b.rps ? a : b))
    const share = worst.rps / ref.rps
    console.log(
      `${store}: the slowest signed GET (${worst.scenario}) at ${(share * 100).toFixed(0)} % of the code-payment read — goal ≥ 80 %: ${share >= 0.8 ? 'met' : 'NOT met'}`,
    )
  }
}
