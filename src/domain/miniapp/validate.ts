// STUB of the validator helper's module (branch ma-validate owns this file): the contract's signature with a check of
// app.json's JSON and required strings only, so that the studio compiles and runs before the merge. At merge the
// coordinator takes ma-validate's file.
import type { MiniAppFiles, MiniAppManifest } from './types.ts'

export interface Finding {
  severity: 'error' | 'warning'
  rule: string
  path: string
  message: string
  fix: string
}
export interface MiniAppReport {
  ok: boolean
  manifest?: MiniAppManifest
  findings: Finding[]
}

export async function validateMiniApp(files: MiniAppFiles, lang: 'ja' | 'en'): Promise<MiniAppReport> {
  const bytes = files.get('app.json')
  const en = lang === 'en'
  if (!bytes)
    return {
      ok: false,
      findings: [{ severity: 'error', rule: 'app-json', path: 'app.json', message: en ? 'app.json is missing' : 'app.json がありません', fix: '' }],
    }
  let manifest: unknown
  try {
    manifest = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return {
      ok: false,
      findings: [{ severity: 'error', rule: 'app-json', path: 'app.json', message: en ? 'app.json is not JSON' : 'app.json が JSON ではありません', fix: '' }],
    }
  }
  const findings: Finding[] = []
  for (const key of ['appName', 'version', 'baseLibraryVersion'])
    if (typeof (manifest as Record<string, unknown>)[key] !== 'string')
      findings.push({ severity: 'error', rule: 'required', path: `$.${key}`, message: en ? `${key} is required` : `${key} は必須です`, fix: '' })
  return findings.length ? { ok: false, findings } : { ok: true, manifest: manifest as MiniAppManifest, findings }
}
