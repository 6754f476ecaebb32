import { type SampleLanguage, type SampleOption, sampleFile, sampleHelpers } from '@/domain/sample-catalogue.ts'

/**
 * The very sample files the tests run or check (samples/ at the repository root), bundled as text at build time.
 * Only the catalogue page imports this module, so the texts ride in its lazily loaded route chunk.
 */
const files = import.meta.glob<string>('/samples/*/*.{swift,kt,js,py,mjs,java,php}', { query: '?raw', import: 'default', eager: true })

function text(path: string): string {
  const source = files[`/samples/${path}`]
  if (source === undefined) throw new Error(`samples/${path} is not bundled`)
  return source
}

export function sampleSource(option: SampleOption, language: SampleLanguage) {
  return { path: `samples/${sampleFile(option, language)}`, source: text(sampleFile(option, language)) }
}

/** The language's signing helper, or null for the browser (which never signs). */
export function helperSource(language: SampleLanguage) {
  const helper = sampleHelpers[language]
  return helper ? { path: `samples/${helper}`, source: text(helper) } : null
}
