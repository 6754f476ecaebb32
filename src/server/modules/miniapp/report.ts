import type { MessageDescriptor } from '@lingui/core'
import * as v from 'valibot'
import type { Lang } from '@/domain/i18n.ts'
import type { MiniAppFiles, MiniAppManifest } from '@/domain/miniapp/types.ts'
import { miniAppFindingSchema, miniAppReportSchema } from '@/domain/miniapp-runtime.ts'
import { t } from '../../i18n.ts'
import { readManifest } from './files.ts'

const text = {
  manifestMessage: /*i18n*/ {
    id: 'miniapp.report.manifestMessage',
    message: 'app.json is missing, or appName, version, baseLibraryVersion or pages cannot be read.',
  },
  manifestFix: /*i18n*/ { id: 'miniapp.report.manifestFix', message: 'Put an app.json with the required keys at the root of the app.' },
} as const satisfies Record<string, MessageDescriptor>

/** The validator's finding and report (contract: `validateMiniApp` of src/domain/miniapp/validate.ts). */
export type Finding = v.InferOutput<typeof miniAppFindingSchema>
export interface MiniAppReport {
  ok: boolean
  manifest?: MiniAppManifest
  findings: Finding[]
}

type Validate = (files: MiniAppFiles, lang: Lang) => Promise<unknown>

// The validator part (branch ma-validate) owns src/domain/miniapp/validate.ts; it is loaded by name so this module
// works before and after that branch is merged. Without it, the report says only whether app.json can be run.
const validatorPath = '../../../domain/miniapp/validate.ts'
let validator: Promise<Validate | undefined> | undefined
const loadValidator = () =>
  (validator ??= import(/* @vite-ignore */ validatorPath).then(
    (m: { validateMiniApp?: unknown }) => (typeof m.validateMiniApp === 'function' ? (m.validateMiniApp as Validate) : undefined),
    () => undefined,
  ))

/** The app's report in `lang`: the validator's findings, the manifest the runtime reads. */
export async function reportOf(files: MiniAppFiles, lang: Lang): Promise<MiniAppReport> {
  const manifest = readManifest(files)
  const validate = await loadValidator()
  if (validate) {
    const parsed = v.safeParse(miniAppReportSchema, await validate(files, lang))
    if (parsed.success) return { ...parsed.output, ...(manifest ? { manifest } : {}) }
  }
  if (manifest) return { ok: true, manifest, findings: [] }
  return {
    ok: false,
    findings: [
      {
        severity: 'error',
        rule: 'manifest',
        path: 'app.json',
        message: t(lang, text.manifestMessage),
        fix: t(lang, text.manifestFix),
      },
    ],
  }
}
