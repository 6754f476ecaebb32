import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { HttpError } from '@/web/lib/http.ts'
import { useSession } from '@/web/lib/session.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { SandboxPanel } from './sandbox-panel.tsx'
import { pretty } from './request-log.tsx'
import { useState } from 'react'
import { requestWebhookChaos, resendWebhook, sandboxKeys, webhookChaosQuery, webhookLogQuery, type WebhookDeliveryView } from '../api.ts'
import type { WebhookChaosMode } from '@/domain/webhook-chaos.ts'
import { formatJst } from '@/domain/time-format.ts'
import { langOf } from '@/web/lib/error-text.ts'

const errorCode = (error: unknown) => (error instanceof HttpError ? error.code : 'UNKNOWN_ERROR')

/** The merchant's webhook deliveries (docs/webhooks.md): where they go, the signing secret, each delivery with its attempts and a resend. */
export function WebhookLog() {
  const { t } = useLingui()
  const { accessToken } = useSession()
  const log = useQuery(webhookLogQuery(accessToken))
  const data = log.data
  return (
    <SandboxPanel
      id="sandbox-webhooks"
      title={<Trans>Webhooks</Trans>}
      hint={
        <Trans>
          Transaction webhooks of your merchant, newest first (the latest 200): sent when a payment is authorised, completed, reverted or expires, signed with
          your signing secret, retried with back-off on the sandbox clock until your server answers 2xx.
        </Trans>
      }
    >
      {log.isError ? (
        <p role="alert" className="sandbox-error">
          <Trans>The webhook log could not be loaded ({errorCode(log.error)}).</Trans>
        </p>
      ) : !data ? (
        <p role="status">{t`Loading the webhook log…`}</p>
      ) : (
        <>
          <dl className="sandbox-entry__detail">
            <dt>
              <Trans>Webhook URL</Trans>
            </dt>
            <dd data-testid="webhook-url">
              {data.url ? <code>{data.url}</code> : <Trans>None set.</Trans>}{' '}
              <InternalLink href="/settings">
                <Trans>Change it in Settings</Trans>
              </InternalLink>
            </dd>
            <dt>
              <Trans>Signing secret</Trans>
            </dt>
            <dd>
              <code data-testid="webhook-secret">{data.signingSecret}</code>
            </dd>
            <dt>
              <Trans>Receive them on this machine</Trans>
            </dt>
            <dd>
              <code>npm run sandbox:forward -- http://localhost:8080/webhook</code>
            </dd>
          </dl>
          <div className="sandbox-entry__actions">
            <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={log.isFetching} onClick={() => void log.refetch()}>
              <Trans>Refresh</Trans>
            </button>
          </div>
          <WebhookChaos />
          {data.deliveries.length === 0 ? (
            <p role="status">
              <Trans>No webhooks yet. Complete a sandbox payment and its webhook appears here.</Trans>
            </p>
          ) : (
            <ol className="sandbox-log" aria-label={t`Webhook deliveries, newest first`}>
              {data.deliveries.map((delivery) => (
                <li key={delivery.deliveryId}>
                  <WebhookItem delivery={delivery} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </SandboxPanel>
  )
}

function WebhookItem({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const resend = useMutation({
    mutationFn: () => resendWebhook(delivery.deliveryId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  })
  const format = (iso: string) => formatJst(langOf(i18n), iso, 'log')
  const statusLabel = { pending: t`Pending`, delivered: t`Delivered`, failed: t`Failed` }[delivery.status]
  const waitingLabel =
    delivery.waiting === 'no-url'
      ? t`No webhook URL is set: the sandbox keeps it for the forwarder or until you set one.`
      : delivery.waiting === 'forwarder-only'
        ? t`Your URL is on this machine (or an address the sandbox does not call): run the forwarder to receive it.`
        : null
  return (
    <details className="sandbox-entry" data-testid="webhook-entry">
      <summary>
        <span className={`sandbox-entry__status sandbox-entry__status--${delivery.status}`}>{statusLabel}</span>
        <code className="sandbox-entry__route">
          {delivery.state} {delivery.merchantPaymentId}
        </code>
        <span className="sandbox-entry__meta">
          {format(delivery.createdAt)} · <Plural value={delivery.attempts} one="# attempt" other="# attempts" />
        </span>
      </summary>
      <div className="sandbox-entry__body">
        {waitingLabel && <p className="sandbox-hint">{waitingLabel}</p>}
        {delivery.nextAttemptAt && (
          <p className="sandbox-hint">
            <Trans>Next attempt: {format(delivery.nextAttemptAt)} (sandbox time)</Trans>
          </p>
        )}
        <div className="sandbox-entry__actions">
          <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => resend.mutate()} disabled={resend.isPending}>
            <Trans>Resend</Trans>
          </button>
        </div>
        {resend.isError && (
          <p role="alert" className="sandbox-error">
            <Trans>The webhook could not be queued again ({errorCode(resend.error)}).</Trans>
          </p>
        )}
        {resend.isSuccess && (
          <p role="status" className="sandbox-hint">
            <Trans>Queued again: it is sent within a second.</Trans>
          </p>
        )}
        <h3 className="sandbox-entry__subhead">
          <Trans>Request body</Trans>
        </h3>
        <pre>{pretty(delivery.request.body)}</pre>
        <h3 className="sandbox-entry__subhead">
          <Trans>Attempts</Trans>
        </h3>
        {delivery.history.length === 0 ? (
          <p className="sandbox-hint">
            <Trans>Not attempted yet.</Trans>
          </p>
        ) : (
          <ol className="sandbox-attempts">
            {delivery.history.map((attempt, index) => (
              <li key={index} data-testid="webhook-attempt">
                <span className={`sandbox-entry__status${attempt.status >= 200 && attempt.status < 300 ? '' : ' sandbox-entry__status--failed'}`}>
                  {attempt.status || '—'}
                </span>{' '}
                <span className="sandbox-entry__meta">
                  {format(attempt.at)} · {attempt.via === 'forwarder' ? t`via the forwarder` : t`by the sandbox`}
                </span>
                {attempt.error && <span className="sandbox-entry__meta"> · {attempt.error}</span>}
                {attempt.body && <pre>{attempt.body}</pre>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  )
}

/**
 * Webhook chaos on the next delivery (issue 23; docs/webhooks.md#chaos): delivered twice with the same id, after the
 * one that follows it, or late on the sandbox clock — so a merchant can prove its handler idempotent and order-proof.
 */
function WebhookChaos() {
  const { t } = useLingui()
  const { accessToken } = useSession()
  const queryClient = useQueryClient()
  const current = useQuery(webhookChaosQuery(accessToken))
  const [mode, setMode] = useState<WebhookChaosMode>('duplicate')
  const [minutes, setMinutes] = useState('5')
  const apply = useMutation({
    mutationFn: () => requestWebhookChaos(mode === 'delay' ? { mode, delayMs: Math.round(Number(minutes) * 60_000) } : { mode }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  })
  const labels: Record<WebhookChaosMode, string> = {
    duplicate: t`Deliver it twice (same delivery id)`,
    reorder: t`Deliver it after the webhook that follows it`,
    delay: t`Deliver it late on the sandbox clock`,
    off: t`No chaos (withdraw a pending request)`,
  }
  const pending = current.data?.chaos
  return (
    <form
      className="sandbox-chaos"
      data-testid="webhook-chaos"
      onSubmit={(event) => {
        event.preventDefault()
        apply.mutate()
      }}
    >
      <fieldset>
        <legend>
          <Trans>Chaos on the next webhook</Trans>
        </legend>
        <p className="sandbox-hint">
          <Trans>Prove your handler is idempotent and copes with order: the next webhook of your merchant misbehaves once, as chosen here.</Trans>
        </p>
        {(['duplicate', 'reorder', 'delay', 'off'] as const).map((value) => (
          <label key={value} className="sandbox-chaos__option">
            <input type="radio" name="webhook-chaos-mode" value={value} checked={mode === value} onChange={() => setMode(value)} /> {labels[value]}
          </label>
        ))}
        {mode === 'delay' && (
          <label className="sandbox-chaos__option">
            <Trans>Minutes late</Trans>{' '}
            <input type="number" min={1} max={1440} step={1} value={minutes} onChange={(event) => setMinutes(event.target.value)} required />
          </label>
        )}
        <div className="sandbox-entry__actions">
          <button type="submit" className="ui-button ui-button--secondary ui-button--small" disabled={apply.isPending}>
            <Trans>Apply to the next webhook</Trans>
          </button>
        </div>
        <p role="status" className="sandbox-hint" data-testid="webhook-chaos-status">
          {pending
            ? pending.deliveryId
              ? t`Under way on delivery ${pending.deliveryId}: ${labels[pending.mode]}.`
              : t`Waiting for the next webhook: ${labels[pending.mode]}.`
            : t`No chaos requested.`}
        </p>
        {apply.isError && (
          <p role="alert" className="sandbox-error">
            <Trans>The chaos request was refused ({errorCode(apply.error)}).</Trans>
          </p>
        )}
      </fieldset>
    </form>
  )
}
