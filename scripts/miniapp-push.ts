import { watch, type FSWatcher } from 'node:fs'
import * as v from 'valibot'
import { studioPath } from '../src/domain/miniapp-runtime.ts'
import { encodeFiles, readFolder } from '../src/server/modules/miniapp/files.ts'

/**
 * The work of `npm run miniapp -- <folder>` (scripts/miniapp.ts): the folder uploaded to a running PayLab as a new
 * mini app, then watched; every change (debounced) replaces the app's files with its edit token, and the studio
 * reloads the phone on the change event. Hidden files and node_modules are left out, the bounds are the server's.
 */
const createdSchema = v.object({
  data: v.object({ appId: v.string(), editToken: v.string(), report: v.object({ ok: v.boolean(), findings: v.array(v.unknown()) }) }),
})
const errorSchema = v.object({ resultInfo: v.object({ code: v.string(), message: v.string() }) })

export interface PushOptions {
  folder: string
  base: string
  fetch?: typeof fetch
  log?: (line: string) => void
  debounceMs?: number
}

async function send(
  o: Required<Pick<PushOptions, 'fetch'>> & PushOptions,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await o.fetch(`${o.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const json: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const error = v.safeParse(errorSchema, json)
    throw new Error(`${method} ${path} answered ${res.status}${error.success ? ` ${error.output.resultInfo.code}: ${error.output.resultInfo.message}` : ''}`)
  }
  return json
}

/** Uploads the folder once; answers the app's id, its edit token and the studio's URL. */
export async function uploadFolder(options: PushOptions) {
  const o = { ...options, fetch: options.fetch ?? fetch, base: options.base.replace(/\/$/, '') }
  const files = encodeFiles(await readFolder(o.folder))
  const created = v.parse(createdSchema, await send(o, 'POST', '/dev/v1/miniapp/apps', { files }))
  const { appId, editToken, report } = created.data
  return { appId, editToken, ok: report.ok, findings: report.findings.length, studioUrl: `${o.base}${studioPath(appId, editToken)}` }
}

/** Uploads, then watches: answers a handle whose `close()` stops watching. `pushed` resolves after each re-upload. */
export async function pushAndWatch(options: PushOptions) {
  const o = { ...options, fetch: options.fetch ?? fetch, base: options.base.replace(/\/$/, '') }
  const log = o.log ?? console.log
  const first = await uploadFolder(o)
  log(`Uploaded ${o.folder} as ${first.appId}${first.ok ? '' : ` (${first.findings} findings: see the studio)`}`)
  log(`Open the studio: ${first.studioUrl}`)
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  const waiters: (() => void)[] = []
  const replace = async () => {
    try {
      const files = encodeFiles(await readFolder(o.folder))
      await send(o, 'PUT', `/dev/v1/miniapp/apps/${first.appId}`, { files }, { 'x-miniapp-edit-token': first.editToken })
      log(`${new Date().toISOString().slice(11, 19)} changes pushed: the studio reloads`)
    } catch (error) {
      log(`push failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    waiters.splice(0).forEach((fn) => fn())
  }
  const watcher: FSWatcher = watch(o.folder, { recursive: true }, (_event, name) => {
    if (
      name &&
      String(name)
        .split(/[\\/]/)
        .some((part) => part.startsWith('.') || part === 'node_modules')
    )
      return
    clearTimeout(timer)
    timer = setTimeout(() => {
      running = running.then(replace)
    }, o.debounceMs ?? 200)
  })
  return {
    ...first,
    /** Resolves after the next push (tests). */
    nextPush: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close() {
      clearTimeout(timer)
      watcher.close()
    },
  }
}
