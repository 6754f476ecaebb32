import { createFileRoute, notFound } from '@tanstack/react-router'
import { styleguideGlobalRules } from '@/domain/content.ts'
import { GlobalRulePage } from '@/web/features/styleguide/components/styleguide-pages.tsx'

type Rule = (typeof styleguideGlobalRules)[number]
const isRule = (name: string): name is Rule => (styleguideGlobalRules as readonly string[]).includes(name)

// spec §2: only the listed global rules exist; anything else is the 404 page.
export const Route = createFileRoute('/{-$webview}/app-styleguide/globalrule/$name')({
  beforeLoad: ({ params }) => {
    if (!isRule(params.name)) throw notFound()
  },
  component: GlobalRule,
})

function GlobalRule() {
  const { name } = Route.useParams()
  return isRule(name) ? <GlobalRulePage name={name} /> : null
}
