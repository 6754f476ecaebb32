import { storageKeys } from '@/domain/storage-keys.ts'
import * as v from 'valibot'
import type { MiniAppFiles, MiniAppManifest } from '@/domain/miniapp/types.ts'
import { miniAppFindingSchema, miniAppReportSchema } from '@/domain/miniapp-runtime.ts'
import { envelope, http } from '@/web/lib/http.ts'
import type { StudioFolder } from '@machines/miniapp-studio.machine.ts'

/**
 * The studio's calls of the mini-app module (docs: the mini-app contract, issue 21): test users, uploading a folder,
 * reading an app, and the change events of a folder served by `npm run miniapp`. Answers are parsed with valibot;
 * the manifest is the validator's, so only its shape as the studio reads it is checked here.
 */

export const exampleAppId = 'example'
/** Contract bounds of an upload (the server checks them again). */
export const uploadLimits = { maxFiles: 200, maxBytes: 5 * 1024 * 1024 } as const

const windowSchema = v.object({
  navigationBarBackgroundColor: v.optional(v.string()),
  navigationBarTextStyle: v.optional(v.picklist(['white', 'black'])),
  navigationBarTitleText: v.optional(v.string()),
  navigationStyle: v.optional(v.picklist(['default', 'custom', 'none'])),
  backgroundColor: v.optional(v.string()),
  enablePullDownRefresh: v.optional(v.boolean()),
})
const manifestSchema = v.looseObject({
  appName: v.string(),
  version: v.string(),
  baseLibraryVersion: v.string(),
  icon: v.optional(v.string()),
  pages: v.array(v.string()),
  window: v.optional(v.fallback(windowSchema, {})),
  pageWindows: v.optional(v.fallback(v.record(v.string(), v.fallback(windowSchema, {})), {})),
  tabBar: v.optional(
    v.object({
      textColor: v.optional(v.string()),
      backgroundColor: v.optional(v.string()),
      selectedColor: v.optional(v.string()),
      list: v.array(v.object({ pagePath: v.string(), text: v.string(), iconPath: v.optional(v.string()), selectedIconPath: v.optional(v.string()) })),
    }),
  ),
  whiteListDomains: v.optional(v.array(v.string())),
  permissions: v.optional(v.array(v.string())),
})
const appSchema = v.object({
  appId: v.string(),
  manifest: v.optional(v.nullable(manifestSchema)),
  report: v.optional(miniAppReportSchema),
  files: v.optional(v.array(v.string())),
  editToken: v.optional(v.string()),
})

/** The module answers in PayLab's `{ resultInfo, data }` envelope; a bare answer is taken as well. */
const appAnswer = v.union([
  v.pipe(
    envelope(appSchema),
    v.transform((e) => e.data),
  ),
  appSchema,
])

export type StudioFinding = v.InferOutput<typeof miniAppFindingSchema>
export type StudioApp = { appId: string; manifest: MiniAppManifest | null; findings: StudioFinding[]; files: string[] }

function toApp(answer: v.InferOutput<typeof appSchema>): StudioApp {
  return {
    appId: answer.appId,
    // the validator has checked the manifest on the server; the studio reads the fields above
    manifest: (answer.manifest ?? null) as MiniAppManifest | null,
    findings: answer.report?.findings ?? [],
    files: answer.files ?? [],
  }
}

/** The app with the validator's report in the UI's language. */
export async function fetchApp(appId: string, lang: 'ja' | 'en', signal?: AbortSignal): Promise<StudioApp> {
  return toApp(await http.get(appAnswer, `/dev/v1/miniapp/apps/${encodeURIComponent(appId)}`, { auth: true, signal, headers: { 'accept-language': lang } }))
}

function base64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

export async function uploadApp(files: MiniAppFiles): Promise<StudioApp> {
  const body = { files: Object.fromEntries([...files].map(([path, bytes]) => [path, base64(bytes)])) }
  return toApp(await http.post(appAnswer, '/dev/v1/miniapp/apps', { body, auth: true, timeout: 'long' }))
}

const nameSchema = v.optional(v.string())
const userSchema = v.pipe(
  v.looseObject({
    id: nameSchema,
    userId: nameSchema,
    username: nameSchema,
    fullName: nameSchema,
    profile: v.optional(v.looseObject({ fullName: nameSchema, nickName: nameSchema })),
    balance: v.optional(v.number()),
  }),
  v.check((u) => !!(u.id ?? u.userId), 'a test user has an id'),
  v.transform((u) => ({ userId: (u.id ?? u.userId)!, name: u.profile?.fullName ?? u.fullName ?? u.username ?? (u.id ?? u.userId)!, balance: u.balance })),
)
const usersSchema = v.union([v.array(userSchema), v.object({ users: v.array(userSchema) })])
const usersAnswer = v.union([
  v.pipe(
    envelope(usersSchema),
    v.transform((e) => e.data),
  ),
  usersSchema,
])
export type StudioTestUser = v.InferOutput<typeof userSchema>

export async function fetchTestUsers(signal?: AbortSignal): Promise<StudioTestUser[]> {
  const users = await http.get(usersAnswer, '/dev/v1/miniapp/users', { auth: true, signal })
  return Array.isArray(users) ? users : users.users
}

/**
 * The edit token this tab may follow `appId`'s changes with: taken from the URL's `#watch=` (the URL `npm run miniapp`
 * prints) into the tab's session storage, and the fragment removed from the address bar; else what the tab kept.
 */
export function adoptWatchToken(appId: string): string | null {
  if (typeof window === 'undefined') return null
  const given = /^#watch=([A-Za-z0-9_-]{1,128})$/.exec(window.location.hash)?.[1]
  if (given) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  try {
    if (given) sessionStorage.setItem(storageKeys.miniappWatch(appId), given)
    return sessionStorage.getItem(storageKeys.miniappWatch(appId))
  } catch {
    return given ?? null // storage refused (a private window): this page view follows the app still
  }
}

/** Reloads on every `changed` event of an app served from a folder (with its edit token); returns the unsubscribe. */
export function watchApp(appId: string, token: string, onChanged: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  const source = new EventSource(`/dev/v1/miniapp/apps/${encodeURIComponent(appId)}/events?token=${encodeURIComponent(token)}`)
  source.addEventListener('changed', onChanged)
  return () => source.close()
}

/** Files picked with webkitdirectory or dropped, relative to the app root (the folder that holds app.json). */
export async function filesOf(entries: ReadonlyArray<{ path: string; file: Blob }>): Promise<MiniAppFiles> {
  const paths = entries.map((e) => e.path.replace(/\\/g, '/').replace(/^\/+/, ''))
  const manifest = paths.filter((p) => p === 'app.json' || p.endsWith('/app.json')).sort((a, b) => a.length - b.length)[0]
  const root = manifest ? manifest.slice(0, -'app.json'.length) : ''
  const files = new Map<string, Uint8Array>()
  for (const [i, entry] of entries.entries()) {
    const path = paths[i]!
    if (!path.startsWith(root)) continue
    const relative = path.slice(root.length)
    if (!relative || relative.split('/').some((part) => part.startsWith('.'))) continue
    files.set(relative, new Uint8Array(await entry.file.arrayBuffer()))
  }
  return files
}

/** `<input webkitdirectory>`'s files. */
export function pickedEntries(list: FileList): Array<{ path: string; file: File }> {
  return [...list].map((file) => ({ path: file.webkitRelativePath || file.name, file }))
}

/**
 * What a drop carries, taken at once: the browser empties `DataTransfer` when the drop handler returns, so its
 * entries (folders) and files are kept for the reading that follows.
 */
export function droppedFolder(data: DataTransfer): Extract<StudioFolder, { kind: 'dropped' }> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e)
  return { kind: 'dropped', entries, files: [...data.files] }
}

/** A dropped folder (or files): walks its entries. */
export async function droppedEntries(dropped: {
  entries: ReadonlyArray<FileSystemEntry>
  files: ReadonlyArray<File>
}): Promise<Array<{ path: string; file: File }>> {
  const out: Array<{ path: string; file: File }> = []
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
      out.push({ path: `${prefix}${entry.name}`, file })
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader()
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
        if (!batch.length) break
        for (const child of batch) await walk(child, `${prefix}${entry.name}/`)
      }
    }
  }
  if (dropped.entries.length) for (const entry of dropped.entries) await walk(entry, '')
  else for (const file of dropped.files) out.push({ path: file.name, file })
  return out
}
