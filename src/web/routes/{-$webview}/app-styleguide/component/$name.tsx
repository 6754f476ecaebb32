import { componentNames } from '@/web/features/styleguide/components/names.ts'
import { pageHead } from '@/web/lib/head.ts'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { loadGuideText } from '@/web/features/docs/api.ts'
import { langOf, loadCatalogs } from '@/web/lib/i18n.ts'
import { useGuideText } from '../-guide-text.tsx'
import { styleguideComponents } from '@/domain/content.ts'
import { ComponentPage } from '@/web/features/styleguide/components/component-page.tsx'

type Name = (typeof styleguideComponents)[number]
const isComponent = (name: string): name is Name => (styleguideComponents as readonly string[]).includes(name)

// spec §2: only the listed components exist; anything else is the 404 page.
export const Route = createFileRoute('/{-$webview}/app-styleguide/component/$name')({
  head: ({ params, match }) => pageHead(isComponent(params.name) ? { title: match.context.i18n._(componentNames[params.name]) } : null),
  beforeLoad: ({ params }) => {
    if (!isComponent(params.name)) throw notFound()
  },
  loader: async ({ context, params }) => {
    await Promise.all([
      loadGuideText(context.queryClient, `component.${params.name}`, langOf(context.i18n)),
      loadCatalogs(context.i18n, ['styleguide', 'styleguide-examples']),
    ])
  },
  component: Component,
})

function Component() {
  const { name } = Route.useParams()
  const guide = useGuideText(`component.${name}`)
  return isComponent(name) ? <ComponentPage name={name} guide={guide} /> : null
}
