import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { miniAppLimits } from '@/domain/miniapp-runtime.ts'
import { miniAppPermissions, type MiniAppFiles, type MiniAppManifest, type MiniAppWindow } from '@/domain/miniapp/types.ts'
import type { InputIssue } from '../../http/validator.ts'

/**
 * A mini app's files as the server keeps them: hostile input first. A path is relative to the app root, made of
 * plain segments (no `..`, no `.`, no empty segment, no absolute path, no backslash, no control or other odd
 * character), at most 200 characters; at most 200 files and 5 MB in all (src/domain/miniapp-runtime.ts).
 */
const segment = /^[A-Za-z0-9_@+=,~-][A-Za-z0-9._@+=,~-]*$/

/** The path as stored, or why it is refused. */
/** A mini app as the server keeps it: its files, its parsed app.json (undefined when it has none or it is broken), its version. */
export interface StoredApp {
  appId: string
  files: MiniAppFiles
  manifest: MiniAppManifest | undefined
  version: number
}

export function normalisePath(path: string): { ok: true; path: string } | { ok: false; message: string } {
  if (path.length === 0 || path.length > miniAppLimits.maxPathLength) return { ok: false, message: 'Path length out of bounds' }
  if (path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path)) return { ok: false, message: 'Paths are relative to the app root' }
  const parts = path.split('/')
  for (const part of parts) {
    if (part === '..' || part === '.') return { ok: false, message: 'No . or .. in a path' }
    if (!segment.test(part)) return { ok: false, message: 'Letters, digits and . _ - only in a path' }
  }
  return { ok: true, path: parts.join('/') }
}

/** `{ path: base64 }` from the wire → the app's files; 400 INVALID_PARAMS per bad path, 413 MINIAPP_TOO_LARGE. */
export function decodeUpload(files: Record<string, string>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>()
  const issues: InputIssue[] = []
  let total = 0
  for (const [raw, base64] of Object.entries(files)) {
    const checked = normalisePath(raw)
    if (!checked.ok) {
      issues.push({ path: `files.${raw.slice(0, 80)}`, message: checked.message })
      continue
    }
    if (out.has(checked.path)) {
      issues.push({ path: `files.${raw.slice(0, 80)}`, message: 'The same path twice' })
      continue
    }
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
    total += bytes.byteLength
    if (total > miniAppLimits.maxTotalBytes) throw new ApiError('MINIAPP_TOO_LARGE')
    out.set(checked.path, bytes)
  }
  if (issues.length > 0) throw new ApiError('INVALID_PARAMS', { data: { issues } })
  if (out.size > miniAppLimits.maxFiles) throw new ApiError('MINIAPP_TOO_LARGE')
  return out
}

export const encodeFiles = (files: MiniAppFiles) => Object.fromEntries([...files].map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')]))
export const decodeStored = (files: Record<string, string>): MiniAppFiles =>
  new Map(Object.entries(files).map(([path, base64]) => [path, new Uint8Array(Buffer.from(base64, 'base64'))]))
export const totalBytes = (files: MiniAppFiles) => [...files.values()].reduce((n, b) => n + b.byteLength, 0)

/** A folder on disk as an app's files (the example app; `npm run miniapp`): the same bounds as an upload. */
export async function readFolder(root: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>()
  let total = 0
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile()) {
        const path = relative(root, full).split(sep).join('/')
        if (!normalisePath(path).ok) continue
        total += (await stat(full)).size
        if (files.size >= miniAppLimits.maxFiles || total > miniAppLimits.maxTotalBytes) throw new ApiError('MINIAPP_TOO_LARGE')
        files.set(path, new Uint8Array(await readFile(full)))
      }
    }
  }
  await walk(root)
  return files
}

const opt = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined)
const str = v.string()
const colour = v.pipe(str, v.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/))
/** The window values of app.json or of a page json (spec §3); a malformed one reads as absent. */
const windowShape = v.object({
  navigationBarBackgroundColor: opt(colour),
  navigationBarTextStyle: opt(v.picklist(['white', 'black'])),
  navigationBarTitleText: opt(str),
  navigationStyle: opt(v.picklist(['default', 'custom', 'none'])),
  backgroundColor: opt(colour),
  enablePullDownRefresh: opt(v.boolean()),
})

/** What the runtime reads of app.json; a malformed optional value reads as absent (the validator reports it). */
const manifestShape = v.object({
  appName: str,
  version: str,
  baseLibraryVersion: str,
  pages: v.pipe(v.array(str), v.minLength(1)),
  headerImage: opt(str),
  previewImages: opt(v.array(str)),
  icon: opt(str),
  window: opt(windowShape),
  tabBar: opt(
    v.object({
      textColor: opt(str),
      backgroundColor: opt(str),
      selectedColor: opt(str),
      list: v.array(v.object({ pagePath: str, text: str, iconPath: opt(str), selectedIconPath: opt(str) })),
    }),
  ),
  whiteListDomains: opt(v.array(str)),
  permissions: opt(v.array(v.picklist(miniAppPermissions))),
}) satisfies v.GenericSchema<unknown, MiniAppManifest>

/**
 * The manifest the runtime needs (pages, whitelist, window, tab bar), or undefined when app.json is missing or is
 * not the minimum to run. Reading every rule is the validator's (`validateMiniApp`, src/domain/miniapp/validate.ts).
 */
export function readManifest(files: MiniAppFiles): MiniAppManifest | undefined {
  const raw = files.get('app.json')
  if (!raw) return undefined
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(raw))
  } catch {
    return undefined
  }
  const parsed = v.safeParse(manifestShape, json)
  if (!parsed.success) return undefined
  const pageWindows = readPageWindows(files, parsed.output.pages)
  return pageWindows ? { ...parsed.output, pageWindows } : parsed.output
}

/** JSON of a file, or undefined when it is missing or not JSON. */
function jsonOf(raw: Uint8Array | undefined): unknown {
  if (!raw) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(raw)) as unknown
  } catch {
    return undefined
  }
}

/** Each page's own window values (`pages/home/home.json`), well-formed ones only; undefined when no page has any. */
function readPageWindows(files: MiniAppFiles, pages: string[]): Record<string, MiniAppWindow> | undefined {
  const out: Record<string, MiniAppWindow> = {}
  for (const page of pages) {
    const folder = page.replace(/^\/+|\/+$/g, '')
    const name = folder.slice(folder.lastIndexOf('/') + 1)
    const parsed = v.safeParse(windowShape, jsonOf(files.get(`${folder}/${name}.json`)))
    if (!parsed.success) continue
    const values = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined)) as MiniAppWindow
    if (Object.keys(values).length > 0) out[folder] = values
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** The content type an app's file is answered with (by extension; unknown ones are bytes). */
export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  const types: Record<string, string> = {
    html: 'text/html; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    css: 'text/css; charset=utf-8',
    json: 'application/json; charset=utf-8',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    txt: 'text/plain; charset=utf-8',
    woff2: 'font/woff2',
  }
  return types[ext] ?? 'application/octet-stream'
}
