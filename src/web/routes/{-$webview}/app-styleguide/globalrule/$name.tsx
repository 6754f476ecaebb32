import { globalRuleNames } from '@/web/features/styleguide/components/names.ts'
import { pageHead } from '@/web/lib/head.ts'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { loadGuideText } from '@/web/features/docs/api.ts'
import { langOf, loadCatalogs } from '@/web/lib/i18n.ts'
import { useGuideText } from '../-guide-text.tsx'
import { styleguideGlobalRules } from '@/domain/content.ts'
import { GlobalRulePage } from '@/web/features/styleguide/components/styleguide-pages.tsx'

type Rule = (typeof styleguideGlobalRules)[number]
const isRule = (name: string): name is Rule => (styleguideGlobalRules as readonly string[]).includes(name)

// spec §2: only the listed global rules exist; anything else is the 404 page.
export const Route = createFileRoute('/{-$webview}/app-styleguide/globalrule/$name')({
  head: ({ params, match }) => pageHead(isRule(params.name) ? { title: match.context.i18n._(globalRuleNames[params.name]) } : null),
  beforeLoad: ({ params }) => {
    if (!isRule(params.name)) throw notFound()
  },
  loader: async ({ context, params }) => {
    await Promise.all([loadGuideText(context.queryClient, `globalrule.${params.name}`, langOf(context.i18n)), loadCatalogs(context.i18n, ['styleguide'])])
  },
  component: GlobalRule,
})

function GlobalRule() {
  const { name } = Route.useParams()
  const guide = useGuideText(`globalrule.${name}`)
  return isRule(name) ? <GlobalRulePage name={name} guide={guide} /> : null
}
