import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { limits } from '@/domain/limits.ts'
import type { transactionSchema } from '@/domain/dashboard-api.ts'
import type * as v from 'valibot'
import { Button } from '@/web/ui/button.tsx'
import { Modal } from '@/web/ui/modal.tsx'
import { errorCodeOf, sessionTimedOutCode } from '@machines/account-flow.ts'
import { langOf } from '@/web/lib/error-text.ts'
import { transactionDetailQuery, transactionsQuery, type DetailType } from '../api.ts'
import { formatDateTime, formatYen } from '../format.ts'
import { useStoredMode, type ModeView } from '../mode.ts'
import { ErrorLine, Loading, QueryView, TableHead } from './query-state.tsx'
import { SessionFailure } from './session-failure.tsx'
import '../dashboard.css'

type Transaction = v.InferOutput<typeof transactionSchema>

const detailTypeOf: Record<Transaction['type'], DetailType | null> = {
  PAYMENT: 'payment',
  REFUND: 'refund',
  CASHBACK: 'cashback',
  CASHBACK_REVERSAL: null,
}

const perPageChoices = limits.transactions.pageSizes

/**
 * Transactions (spec §2, §7 `/v1/getTransactions`): the mode's merchant's payments, refunds and cashback newest
 * first, a page at a time (`page_no`, `record_per_page`, `live_mode`; the page lives in the URL), each with a
 * detail view. A 401 reads 'Timed out, please sign in again to continue' (spec §8).
 */
export function TransactionsPage({ page, perPage, onPage }: { page: number; perPage: number; onPage: (page: number, perPage: number) => void }) {
  const { accessToken, profile, mode } = useStoredMode()
  if (accessToken === null || profile.isError) return <SessionFailure error={profile.error} redirect="/dashboard/transactions" />
  if (!mode) return <Loading />
  return <TransactionList mode={mode} page={page} perPage={perPage} onPage={onPage} />
}

function TransactionList({ mode, page, perPage, onPage }: { mode: ModeView; page: number; perPage: number; onPage: (page: number, perPage: number) => void }) {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const list = useQuery(transactionsQuery(mode.merchantId, mode.live, page, perPage))
  const [selected, setSelected] = useState<Transaction | null>(null)
  const typeText: Record<Transaction['type'], string> = {
    PAYMENT: t`Payment`,
    REFUND: t`Refund`,
    CASHBACK: t`Cashback`,
    CASHBACK_REVERSAL: t`Cashback reversal`,
  }

  if (list.isError) {
    const code = errorCodeOf(list.error)
    return code === sessionTimedOutCode ? <SessionFailure error={list.error} redirect="/dashboard/transactions" /> : <ErrorLine error={list.error} />
  }
  if (!list.data) return <Loading />
  const { data: rows, total_records: total, total_pages: pages } = list.data
  return (
    <div className="dash-page">
      <p className="dash-muted">
        {mode.live ? <Trans>Live merchant {mode.merchantId}</Trans> : <Trans>Sandbox merchant {mode.merchantId}</Trans>} · <Trans>{total} transactions</Trans>
      </p>
      {rows.length === 0 ? (
        <p className="dash-panel">
          <Trans>No transactions yet. Payments made with your sandbox key appear here as soon as they are created.</Trans>
        </p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <TableHead labels={[t`Date`, t`Type`, t`Status`, t`Amount`, t`Merchant reference`, t`ID`]} />
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.type}-${row.id}`}>
                  <td data-label={t`Date`}>{formatDateTime(lang, row.at)}</td>
                  <td data-label={t`Type`}>
                    {typeText[row.type]}
                    {row.kind ? ` (${row.kind})` : ''}
                  </td>
                  <td data-label={t`Status`}>{row.status}</td>
                  <td data-label={t`Amount`}>{formatYen(lang, row.amount.amount)}</td>
                  <td data-label={t`Merchant reference`}>
                    <code>{row.merchant_reference_id}</code>
                  </td>
                  <td data-label={t`ID`}>
                    {detailTypeOf[row.type] ? (
                      <button type="button" className="dash-link-button" onClick={() => setSelected(row)} aria-label={t`Details of ${row.id}`}>
                        <code>{row.id}</code>
                      </button>
                    ) : (
                      <code>{row.id}</code>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="dash-pager">
        <span className="dash-muted">
          <Trans>
            Page {Math.min(page + 1, Math.max(pages, 1))} of {Math.max(pages, 1)}
          </Trans>
        </span>
        <label className="dash-muted">
          <Trans>Per page</Trans>{' '}
          <select value={perPage} onChange={(event) => onPage(0, Number(event.target.value))}>
            {perPageChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="dash-actions">
          <Button variant="secondary" size="small" disabled={page === 0} onClick={() => onPage(page - 1, perPage)}>
            <Trans>Newer</Trans>
          </Button>
          <Button variant="secondary" size="small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1, perPage)}>
            <Trans>Older</Trans>
          </Button>
        </span>
      </div>
      <Modal
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${typeText[selected.type]} ${selected.id}` : ''}
        closeLabel={t`Close`}
        size="medium"
      >
        {selected && detailTypeOf[selected.type] && <TransactionDetail mode={mode} type={detailTypeOf[selected.type]!} id={selected.id} />}
      </Modal>
    </div>
  )
}

/** A value of the detail answer, readable: amounts in yen, epoch seconds as dates, objects as JSON. */
function DetailValue({ name, value }: { name: string; value: unknown }): ReactNode {
  const { i18n } = useLingui()
  const lang = langOf(i18n)
  if (value === null || value === undefined) return '—'
  if (typeof value === 'object' && value !== null && 'amount' in value && typeof value.amount === 'number') return formatYen(lang, value.amount)
  if (typeof value === 'number' && /At$|Date$/.test(name) && value > 1e9 && value < 1e11) return formatDateTime(lang, new Date(value * 1000).toISOString())
  if (typeof value === 'object') return <pre className="dash-json">{JSON.stringify(value, null, 2)}</pre>
  return <code>{String(value)}</code>
}

function TransactionDetail({ mode, type, id }: { mode: ModeView; type: DetailType; id: string }) {
  const detail = useQuery(transactionDetailQuery(mode.merchantId, mode.live, type, id))
  return (
    <QueryView query={detail}>
      {(data) => (
        <dl className="dash-detail" data-testid="transaction-detail">
          {Object.entries(data.detail).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>
                <DetailValue name={name} value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </QueryView>
  )
}
