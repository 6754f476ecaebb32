import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import { labProducts, type LabProduct } from '@/domain/site.ts'
import { LabFrame } from '@/web/features/shell/components/tool-frames.tsx'

const isLabProduct = (value: string): value is LabProduct => (labProducts as readonly string[]).includes(value)

/** spec §2 `/develop/{product}-lab` (loginAccess); `{product}` is the provider's brand slug (docs/decisions/shell.md). */
export const Route = createFileRoute('/{-$webview}/develop/{$product}-lab')({
  ...loginAccess,
  params: {
    parse: ({ product }): { product: LabProduct } | false => (isLabProduct(product) ? { product } : false),
    stringify: ({ product }) => ({ product }),
  },
  component: () => <LabFrame />,
})
