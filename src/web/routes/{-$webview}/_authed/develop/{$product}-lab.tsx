import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { labEndpointIds, scenarioIds } from '@/domain/lab-ids.ts'
import { productModels, type ProductModel } from '@/domain/lab-ids.ts'
import { brandSlug } from '@/domain/site.ts'
import { profileQuery } from '@/web/features/account/api.ts'
import { merchantUsersQuery } from '@/web/features/dashboard/api.ts'
import { LabPage, labTabs } from '@/web/features/lab/components/lab-page.tsx'
import { LabFrame } from '@/web/features/shell/components/tool-frames.tsx'
import { uiHead } from '@/web/lib/head.ts'
import { useSession } from '@/web/lib/session.tsx'

/**
 * Older and per-product lab addresses (`/develop/qrcode-lab`, the docs' `/develop/webpayment-lab` …) lead to the one
 * lab's tab: decision in docs/dashboard.md "Lab page".
 */
const labAliases: Record<string, ProductModel> = {
  ...Object.fromEntries(productModels.map((m) => [m, m])),
  webpayment: 'webcashier',
  nativepayment: 'autodebit',
  dynamicqr: 'qrcode',
  continuouspayment: 'continuous_payments',
  preauth: 'preauth_capture',
  requestmoney: 'request_money',
}

const labSearch = v.object({
  // no default here: a default would be written into the address (`?product=webcashier` on a bare /develop/paylab-lab)
  product: v.fallback(v.optional(v.picklist(productModels)), undefined),
  endpoint: v.fallback(v.optional(v.picklist(labEndpointIds)), undefined),
  scenario: v.fallback(v.optional(v.picklist(scenarioIds)), undefined),
})

/** spec §2 `/develop/{product}-lab` (loginAccess: under _authed); `{product}` is the brand slug, the product model is the `?product=` tab. */
export const Route = createFileRoute('/{-$webview}/_authed/develop/{$product}-lab')({
  head: uiHead(msg`PayLab Lab`),
  params: {
    parse: ({ product }): { product: string } | false => (product === brandSlug || product in labAliases ? { product } : false),
    stringify: ({ product }) => ({ product }),
  },
  validateSearch: (search) => v.parse(labSearch, search),
  // after the login check of the layout (_authed.tsx)
  beforeLoad: ({ params, location }) => {
    const alias = labAliases[params.product]
    if (params.product !== brandSlug && alias)
      throw redirect({ href: `${location.pathname.replace(/[^/]+-lab$/, `${brandSlug}-lab`)}?product=${alias}`, replace: true })
  },
  loader: catalogLoader(['lab', 'tools']),
  component: LabRoute,
})

function LabRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const { accessToken } = useSession()
  const profile = useQuery(profileQuery(accessToken))
  const p = profile.data
  const credentials =
    p && accessToken && p.client_api_key && p.client_api_secret && p.merchant_id
      ? { apiKey: p.client_api_key, apiSecret: p.client_api_secret, merchantId: p.merchant_id, accessToken }
      : null
  const selectedModels = (p?.products ?? []).filter((m): m is ProductModel => (productModels as readonly string[]).includes(m))
  // the lab signs with the sandbox (test-mode) merchant's key, whatever the dashboard's mode
  const users = useQuery({ ...merchantUsersQuery(p?.merchant_id ?? ''), enabled: !!p?.merchant_id })
  const testUsers = users.isError ? 'error' : users.data ? users.data.test_users.map((u) => ({ testUserId: u.test_user_id, username: u.username })) : 'loading'
  return (
    <LabFrame>
      <LabPage
        product={search.product ?? labTabs[0]!}
        endpoint={search.endpoint}
        scenario={search.scenario}
        credentials={credentials}
        selectedModels={selectedModels}
        mode="MODE_TEST"
        testUsers={testUsers}
        onProductChange={(product) => void navigate({ to: '.', search: { product }, replace: true })}
      />
    </LabFrame>
  )
}
