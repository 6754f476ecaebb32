/**
 * The catalogue of payment samples (spec §2 demo panels, issue 13): four options, each in the languages below.
 * One list for the portal page (which bundles the very files as text) and the tests (which run or check them).
 * Paths are relative to the repository's `samples/` folder.
 */
export const sampleOptions = ['dynamic-qr', 'app-invoke', 'cashback', 'auto-debit'] as const
export type SampleOption = (typeof sampleOptions)[number]

export const sampleLanguages = ['ios', 'android', 'javascript', 'python', 'node', 'java', 'php'] as const
export type SampleLanguage = (typeof sampleLanguages)[number]

/** The language's display name (a proper name: the same in Japanese and English). */
export const sampleLanguageNames: Record<SampleLanguage, string> = {
  ios: 'iOS (Swift)',
  android: 'Android (Kotlin)',
  javascript: 'JavaScript',
  python: 'Python',
  node: 'Node.js',
  java: 'Java',
  php: 'PHP',
}

/** Java needs a class name per file; the other languages use the language's name. */
const javaClasses: Record<SampleOption, string> = {
  'dynamic-qr': 'DynamicQr',
  'app-invoke': 'AppInvoke',
  cashback: 'Cashback',
  'auto-debit': 'AutoDebit',
}

export function javaSampleClass(option: SampleOption) {
  return javaClasses[option]
}

export function sampleFile(option: SampleOption, language: SampleLanguage): string {
  const names: Record<SampleLanguage, string> = {
    ios: 'ios.swift',
    android: 'android.kt',
    javascript: 'browser.js',
    python: 'python.py',
    node: 'node.mjs',
    java: `${javaClasses[option]}.java`,
    php: 'php.php',
  }
  return `${option}/${names[language]}`
}

/** The signing helper each language's samples use (none for the browser: it never holds the secret). */
export const sampleHelpers: Record<SampleLanguage, string | null> = {
  ios: 'lib/OpaAuth.swift',
  android: 'lib/OpaAuth.kt',
  javascript: null,
  python: 'lib/opa_auth.py',
  node: 'lib/opa-auth.mjs',
  java: 'lib/OpaAuth.java',
  php: 'lib/opa-auth.php',
}
