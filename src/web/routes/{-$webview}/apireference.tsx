import { createFileRoute } from '@tanstack/react-router'
import { ApiReference } from '@/web/features/docs/components/api-reference.tsx'

export const Route = createFileRoute('/{-$webview}/apireference')({
  component: ApiReference,
})
