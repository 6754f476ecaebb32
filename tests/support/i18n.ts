/**
 * The catalogs as the server reads them (src/server/i18n.ts), for tests of code that takes an `I18n` but may not
 * import the server itself (src/domain tests: docs/architecture.md dependency rule).
 */
export { i18nFor } from '../../src/server/i18n.ts'
