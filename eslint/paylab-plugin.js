// House rules ESLint has no rule for, checked on the syntax tree (docs/architecture.md §3).
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = dirname(import.meta.dirname)

/** `@/…` and relative specifiers to an absolute path without extension; package specifiers to undefined. */
function target(file, spec) {
  const path = spec.startsWith('@/') ? join(root, 'src', spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : undefined
  return path?.replace(/\.tsx?$/, '')
}

/** @type {import('eslint').Rule.RuleModule} */
const featureCatalog = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A feature with its own Lingui catalog (catalog.ts): every module of it with text imports the catalog (or a part of the feature its own, `<part>-catalog.ts` beside it), so the messages are loaded whichever module of the feature runs first (src/web/lib/i18n.ts)',
    },
    messages: { missing: "has text (a Lingui macro) but does not import its feature's catalog.ts" },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const feature = relative(root, file).match(/^src\/web\/features\/[^/]+/)?.[0]
    if (!feature || /\.test\.tsx?$/.test(file) || file.endsWith('/catalog.ts')) return {}
    const catalog = join(root, feature, 'catalog')
    if (!existsSync(`${catalog}.ts`)) return {}
    let macro
    let importsCatalog = false
    const visit = (node) => {
      const spec = node.source.type === 'Literal' ? node.source.value : undefined
      if (typeof spec !== 'string') return
      if (/^@lingui\/(core|react)\/macro$/.test(spec)) macro ??= node
      const to = target(file, spec)
      if (to === catalog || (to?.startsWith(`${join(root, feature)}/`) && /^[\w-]+-catalog$/.test(relative(join(root, feature), to)))) importsCatalog = true
    }
    return {
      ImportDeclaration: visit,
      ImportExpression: visit,
      'Program:exit'() {
        if (macro && !importsCatalog) context.report({ node: macro, messageId: 'missing' })
      },
    }
  },
}

export default { meta: { name: 'paylab' }, rules: { 'feature-catalog': featureCatalog } }
