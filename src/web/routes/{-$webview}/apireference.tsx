import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { ApiReference } from '@/web/features/apireference/components/api-reference.tsx'

export const Route = createFileRoute('/{-$webview}/apireference')({
  head: uiHead(msg`API reference`),
  component: ApiReference,
})
