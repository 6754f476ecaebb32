// The processes of `npm run bench:sandbox` (scripts/bench-sandbox.ts): the server as a child process on loopback,
// the CPU each process tree used (from /proc); the throwaway PostgreSQL cluster is scripts/lib/throwaway-postgres.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import pg from 'pg'
import { freePort, waitUntilOk } from './local-server.ts'

export async function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort()
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SANDBOX_HTTPS_PORT: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  await waitUntilOk(`${origin}/healthz`, { timeoutMs: 60_000, intervalMs: 200, child })
  // The server parses its docs in the background from its start (seconds of CPU); a page waits for them. Without
  // this the first endpoints measured shared the CPU with that parse (issue 22's profile of create-code: 2.3 s of
  // markdown in a 5 s run).
  // (with WORKERS each worker parses its own: several requests at once, on connections of their own, reach each)
  await Promise.all(Array.from({ length: 8 }, () => fetch(`${origin}/`, { headers: { connection: 'close' } }).then((page) => page.arrayBuffer())))
  return { child, origin }
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

/**
 * CPU time (ms, user + system) of processes and their descendants, from /proc (Linux; undefined elsewhere): where a
 * request's CPU goes — the server (its workers), PostgreSQL's backends, and this process (autocannon and the signing).
 */
export function cpuMsOfTrees(rootPids: number[]): number | undefined {
  try {
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          // fields after the command name (which may hold spaces): state ppid … utime(14) stime(15)
          const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
          const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
          return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }]
        } catch {
          return []
        }
      })
    const inTree = new Set(rootPids)
    for (let grew = true; grew;) {
      grew = false
      for (const p of stats)
        if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
          inTree.add(p.pid)
          grew = true
        }
    }
    return (stats.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) * 1000) / clockTicksPerSecond
  } catch {
    return undefined
  }
}
const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * The postmaster of a server named by DATABASE_URL when it runs on this machine (the parent of this connection's
 * backend), so that its CPU per request is measured too; undefined for a remote server.
 */
export async function localPostmasterPid(adminUrl: string): Promise<number | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl })
  try {
    await admin.connect()
    const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid')
    const text = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8')
    const parent = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1])
    return readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('postgres') ? parent : undefined
  } catch {
    return undefined
  } finally {
    await admin.end().catch(() => undefined)
  }
}
