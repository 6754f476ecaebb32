// typescript-eslint needs TypeScript's JavaScript compiler API, which the native TypeScript 7 compiler (`typescript`,
// used by `tsc`) no longer has. TypeScript 5.9 is installed beside it as `typescript-api`; inside the ESLint process
// every `require('typescript')` is answered with it (docs/decisions/0007-lint-and-format.md).
import Module from 'node:module'

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? 'typescript-api' : request, ...rest)
}
