import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSession } from '@/web/lib/session.tsx'
import { SandboxPanel } from './sandbox-panel.tsx'
import { clockQuery, moveClock, qrSwitchQuery, setQrAutoCancel, sandboxKeys } from '../api.ts'
import { formatJst } from '@/domain/time-format.ts'
import { langOf } from '@/web/lib/error-text.ts'

const hour = 3_600_000
const day = 24 * hour

/** The merchant's sandbox clock (kept in the store) and the spec §4 switch: paid test QR payments cancel themselves. */
export function ClockPanel() {
  const { t, i18n } = useLingui()
  const { accessToken } = useSession()
  const queryClient = useQueryClient()
  const clock = useQuery(clockQuery(accessToken))
  const qr = useQuery(qrSwitchQuery(accessToken))
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sandboxKeys.all })
  const move = useMutation({ mutationFn: moveClock, onSettled: refresh })
  const toggle = useMutation({
    mutationFn: setQrAutoCancel,
    onSuccess: (data) => queryClient.setQueryData(qrSwitchQuery(accessToken).queryKey, data),
  })
  // while the change is on its way the box shows what was asked for (set in the same event, so the controlled box never
  // flips back for a render before the mutation reports pending), then what the server saved
  const [asked, setAsked] = useState<boolean | null>(null)
  const qrOn = asked ?? qr.data?.qr_auto_cancel ?? true
  const when = clock.data ? formatJst(langOf(i18n), clock.data.nowMs, 'dateTimeSeconds') : null
  const steps = [
    { label: t`+1 minute`, ms: 60_000 },
    { label: t`+1 hour`, ms: hour },
    { label: t`+1 day`, ms: day },
    { label: t`+7 days`, ms: 7 * day },
  ]
  return (
    <SandboxPanel
      id="sandbox-clock"
      title={<Trans>Sandbox clock</Trans>}
      hint={
        <Trans>
          Move your merchant's clock forward to let codes and pre-authorisations expire and the cancel and refund windows pass, as after real waiting. It stays
          moved across restarts until you reset it.
        </Trans>
      }
    >
      <p role="status" data-testid="sandbox-clock-now">
        {when ? <Trans>Sandbox time (Japan): {when}</Trans> : t`Loading the clock…`}
      </p>
      <div className="sandbox-entry__actions">
        {steps.map((step) => (
          <button
            key={step.ms}
            type="button"
            className="ui-button ui-button--secondary ui-button--small"
            disabled={move.isPending}
            onClick={() => move.mutate({ advanceMs: step.ms })}
          >
            {step.label}
          </button>
        ))}
        <button type="button" className="ui-button ui-button--ghost ui-button--small" disabled={move.isPending} onClick={() => move.mutate({ reset: true })}>
          <Trans>Back to real time</Trans>
        </button>
      </div>
      <label className="sandbox-switch">
        <input
          type="checkbox"
          checked={qrOn}
          disabled={!qr.data}
          onChange={(event) => {
            const checked = event.currentTarget.checked
            setAsked(checked)
            toggle.mutate(checked, { onSettled: () => setAsked(null) })
          }}
        />
        <span>
          <Trans>Paid test QR payments cancel themselves one minute after payment (as the provider's sandbox does)</Trans>
        </span>
      </label>
      {(move.isError || toggle.isError) && (
        <p role="alert" className="sandbox-error">
          <Trans>The change was not saved. Try again.</Trans>
        </p>
      )}
    </SandboxPanel>
  )
}
