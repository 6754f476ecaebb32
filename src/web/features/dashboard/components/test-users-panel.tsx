import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import { Button } from '@/web/ui/button.tsx'
import { limits } from '@/domain/limits.ts'
import { langOf } from '@/web/lib/error-text.ts'
import type { TestUser } from '@/domain/dashboard-api.ts'
import { topUpSandbox, topUpTestUser } from '../api.ts'
import { formatYen, nextMonthStart } from '../format.ts'
import { ErrorLine, QueryView, TableHead } from './query-state.tsx'

const refusedMonth = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
})

/** The month a top-up answered, or the month a MERCHANT_TOP_UP_LIMIT refusal names. */
function usedMonthOf(data: { month: string } | undefined, error: unknown): string | null {
  if (data) return data.month
  const refused = error && typeof error === 'object' && 'data' in error ? v.safeParse(refusedMonth, error.data) : null
  return refused?.success ? refused.output.month : null
}

/**
 * The sandbox's test users (spec §2 "test users (username and balance)") and the balance top-up, once a month
 * (spec §6, §9): the whole sandbox at once, or one test user. After a top-up (or the server's refusal) the button
 * stays disabled and says when the next one is possible. "Pay as" opens the sandbox wallet's test-user page,
 * where a test user signs in and pays (docs/sandbox-wallet.md).
 */
export function TestUsersPanel({
  merchantId,
  live,
  users,
  onChanged,
}: {
  merchantId: string
  live: boolean
  /** The test users from myhome's one answer (GET /v1/dashboardHome). */
  users: { data?: { test_users: TestUser[] }; error: unknown; isError: boolean }
  /** After a top-up: asks the home again. */
  onChanged: () => void
}) {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const refresh = onChanged
  const topUp = useMutation({
    mutationFn: () => topUpSandbox(merchantId),
    onSettled: refresh,
  })
  const topUpOne = useMutation({
    mutationFn: (testUserId: string) => topUpTestUser(merchantId, testUserId),
    onSettled: refresh,
  })
  const usedMonth = usedMonthOf(topUp.data, topUp.error)
  const amount = formatYen(lang, limits.sandbox.topUpAmount)
  const walletHref = `/sandbox/merchants/${encodeURIComponent(merchantId)}/test-users?lang=${lang}`

  return (
    <section className="dash-panel" aria-labelledby="test-users-title">
      <div className="dash-panel__head">
        <h2 id="test-users-title">{live ? <Trans>Live test users</Trans> : <Trans>Test users</Trans>}</h2>
        <a className="ui-button ui-button--secondary ui-button--small" href={walletHref} target="_blank" rel="noopener">
          <Trans>Pay as a test user</Trans>
        </a>
      </div>
      <p className="dash-muted">
        <Trans>
          Test users pay your sandbox codes in the sandbox wallet: open a code's URL, pick a test user and pay. Top up the balance of every test user by{' '}
          {amount} once a month.
        </Trans>
      </p>
      <div className="dash-actions">
        <Button disabled={topUp.isPending || usedMonth !== null} aria-busy={topUp.isPending} onClick={() => topUp.mutate()}>
          <Trans>Top up the sandbox balance</Trans>
        </Button>
        {usedMonth && (
          <span className="dash-muted" data-testid="next-top-up">
            <Trans>Next top-up: {nextMonthStart(lang, usedMonth)}</Trans>
          </span>
        )}
      </div>
      {topUp.isSuccess && (
        <p className="dash-success" role="status">
          <Trans>Topped up: every test user received {amount}.</Trans>
        </p>
      )}
      {topUp.isError && <ErrorLine error={topUp.error} />}
      {topUpOne.isError && <ErrorLine error={topUpOne.error} />}
      <QueryView query={users}>
        {(data) => (
          <div className="dash-table-wrap">
            <table className="dash-table">
              <TableHead labels={[t`Username`, t`Balance`, '']} />
              <tbody>
                {data.test_users.map((user) => (
                  <tr key={user.test_user_id}>
                    <td data-label={t`Username`}>{user.username}</td>
                    <td data-label={t`Balance`} data-testid={`balance-${user.username}`}>
                      {formatYen(lang, user.balance)}
                    </td>
                    <td>
                      <Button
                        variant="secondary"
                        size="small"
                        aria-label={t`Top up ${user.username}`}
                        disabled={topUpOne.isPending}
                        onClick={() => topUpOne.mutate(user.test_user_id)}
                      >
                        <Trans>Top up</Trans>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  )
}
