import { createFileRoute } from '@tanstack/react-router'
import { StyleguideHome } from '@/web/features/styleguide/components/styleguide-home.tsx'

export const Route = createFileRoute('/{-$webview}/app-styleguide/')({
  component: StyleguideHome,
})
