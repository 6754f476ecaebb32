import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ApiKeySummary } from '@/domain/account-api.ts'
import { Button } from '@/web/ui/button.tsx'
import { ConfirmPopup } from '@/web/ui/popup.tsx'
import { Modal } from '@/web/ui/modal.tsx'
import { profileRootKey } from '@/web/lib/profile.ts'
import { langOf } from '@/web/lib/error-text.ts'
import { NewKeyStep } from '@/web/ui/new-key-step.tsx'
import { generateKey, keysQuery, revokeKey } from '../api.ts'
import { dashboardKeys } from '../keys.ts'
import { formatDateTime } from '../format.ts'
import { ErrorLine, QueryView, TableHead } from './query-state.tsx'

/**
 * Key management of the mode's merchant (docs/dashboard.md "Keys"): the active keys with creation and last use,
 * Generate (the new-key screen of spec §2: key id and secret shown once, download) and Revoke with a confirmation.
 * The server refuses to revoke the last key (its message is shown).
 */
export function KeysPanel({
  merchantId,
  live,
  keys: given,
  onChanged,
}: {
  merchantId: string
  live: boolean
  /** The keys from an answer the page already asks for (myhome's one request); without it the panel asks itself. */
  keys?: { data?: { keys: ApiKeySummary[] }; error: unknown; isError: boolean }
  onChanged?: () => void
}) {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const queryClient = useQueryClient()
  const own = useQuery({ ...keysQuery(merchantId), enabled: given === undefined })
  const keys = given ?? own
  const [revoking, setRevoking] = useState<string | null>(null)
  const [showNew, setShowNew] = useState(false)
  const refresh = () => {
    void queryClient.invalidateQueries({
      queryKey: dashboardKeys.keys(merchantId),
    })
    void queryClient.invalidateQueries({ queryKey: profileRootKey })
    onChanged?.()
  }
  const generate = useMutation({
    mutationFn: () => generateKey(merchantId),
    onSuccess: refresh,
  })
  const revoke = useMutation({
    mutationFn: (apiKey: string) => revokeKey(merchantId, apiKey),
    onSuccess: refresh,
  })
  const failure = generate.error ?? revoke.error

  return (
    <section className="dash-panel" aria-labelledby="keys-title">
      <div className="dash-panel__head">
        <h2 id="keys-title">{live ? <Trans>Live API keys</Trans> : <Trans>Sandbox API keys</Trans>}</h2>
        <Button
          size="small"
          disabled={generate.isPending}
          onClick={() => {
            revoke.reset()
            setShowNew(true)
            generate.mutate()
          }}
        >
          <Trans>Generate a new key</Trans>
        </Button>
      </div>
      {failure && <ErrorLine error={failure} />}
      {revoke.isSuccess && (
        <p className="dash-success" role="status">
          <Trans>Key {revoke.data.api_key} revoked. Requests signed with it are refused from now on.</Trans>
        </p>
      )}
      <QueryView query={keys}>
        {(data) => (
          <div className="dash-table-wrap">
            <table className="dash-table">
              <TableHead labels={[t`API key`, t`Secret`, t`Created`, t`Last used`, '']} />
              <tbody>
                {data.keys.map((key) => (
                  <tr key={key.api_key}>
                    <td data-label={t`API key`}>
                      <code>{key.api_key}</code>
                    </td>
                    <td data-label={t`Secret`}>
                      <code>{key.api_secret_hint}</code>
                    </td>
                    <td data-label={t`Created`}>{formatDateTime(lang, key.created_at)}</td>
                    <td data-label={t`Last used`}>{key.last_used_at ? formatDateTime(lang, key.last_used_at) : t`Never`}</td>
                    <td>
                      <Button variant="secondary" size="small" aria-label={t`Revoke ${key.api_key}`} onClick={() => setRevoking(key.api_key)}>
                        <Trans>Revoke</Trans>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>

      <ConfirmPopup
        open={revoking !== null}
        title={<Trans>Revoke this key?</Trans>}
        message={<Trans>Requests signed with {revoking} will be refused at once. Make sure your server already uses another key.</Trans>}
        confirmLabel={<Trans>Revoke</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        closeLabel={t`Close`}
        onConfirm={() => {
          generate.reset()
          if (revoking) revoke.mutate(revoking)
          setRevoking(null)
        }}
        onCancel={() => setRevoking(null)}
      />

      <Modal open={showNew && !generate.isError} onClose={() => setShowNew(false)} title={<Trans>New API key</Trans>} closeLabel={t`Close`} size="medium">
        <NewKeyStep
          merchantId={merchantId}
          apiKey={generate.data?.api_key ?? null}
          apiSecret={generate.data?.api_secret ?? null}
          createdAt={generate.data?.created_at ?? null}
          onDone={() => setShowNew(false)}
        />
      </Modal>
    </section>
  )
}
