import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { StyleguideHome } from '@/web/features/styleguide/components/styleguide-home.tsx'

export const Route = createFileRoute('/{-$webview}/app-styleguide/')({
  head: uiHead(msg`PayLab style guide`),
  loader: catalogLoader(['styleguide']),
  component: StyleguideHome,
})
