import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** A throwaway cluster: its URL, its postmaster's pid (for CPU measurements) and how to remove it. */
export interface ThrowawayPostgres {
  url: string
  pid: number | undefined
  stop: () => void
}

/**
 * A throwaway PostgreSQL 15 cluster like .ci/run's (Debian's postgresql package: initdb as the postgres user, trust
 * auth, loopback only, fsync off), on `port`; undefined when PostgreSQL 15 is not installed. `stop` removes it.
 */
export function startThrowawayPostgres(port = 20_000 + Math.floor(Math.random() * 20_000)): ThrowawayPostgres | undefined {
  const bin = '/usr/lib/postgresql/15/bin'
  if (!existsSync(`${bin}/initdb`)) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'paylab-pgcluster-'))
  const asRoot = process.getuid?.() === 0
  const run = (command: string) =>
    asRoot ? execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' }) : execFileSync('sh', ['-c', command], { stdio: 'ignore' })
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0)
  run(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`)
  run(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -w start`)
  let pid: number | undefined
  try {
    pid = Number(readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0])
  } catch {
    pid = undefined
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid,
    stop: () => {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m immediate stop`)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** An empty database of that name on the server of `adminUrl` (dropped first if a former run left it); its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops a database `freshDatabase` made. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
}
