import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { limits } from '@/domain/limits.ts'
import { TransactionsPage } from '@/web/features/dashboard/components/transactions-page.tsx'
import { TransactionsFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** The page (`page_no`) and page size (`record_per_page`) live in the URL; defaults 0 / 10 stay out of it. */
const searchSchema = v.object({
  page_no: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000))), undefined),
  record_per_page: v.fallback(v.optional(v.picklist(limits.transactions.pageSizes)), undefined),
})

/** spec §2 transactions (loginAccess: the layout's guard sends visitors to sign-in). */
export const Route = createFileRoute('/{-$webview}/_authed/dashboard/transactions')({
  head: uiHead(msg`Transactions`),
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: catalogLoader(['dashboard', 'tools', 'errors']),
  component: Transactions,
})

function Transactions() {
  const { page_no = limits.transactions.defaultPage, record_per_page = limits.transactions.defaultPageSize } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <TransactionsFrame>
      <TransactionsPage
        page={page_no}
        perPage={record_per_page}
        onPage={(page, perPage) =>
          void navigate({
            search: {
              page_no: page === limits.transactions.defaultPage ? undefined : page,
              record_per_page: perPage === limits.transactions.defaultPageSize ? undefined : (perPage as (typeof limits.transactions.pageSizes)[number]),
            },
          })
        }
      />
    </TransactionsFrame>
  )
}
