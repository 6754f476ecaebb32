import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { queryOfPath, type RequestLogEntry } from '@/domain/sandbox-log.ts'
import { HttpError } from '@/web/lib/http.ts'
import { useSession } from '@/web/lib/session.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { SandboxPanel } from './sandbox-panel.tsx'
import { fetchCurl, replayRequest, requestLogQuery, sandboxKeys, type RequestLogFilters } from '../api.ts'
import { formatJst } from '@/domain/time-format.ts'
import { langOf } from '@/web/lib/error-text.ts'

const errorCode = (error: unknown) => (error instanceof HttpError ? error.code : 'UNKNOWN_ERROR')

/** Pretty JSON when the text is JSON, else the text. */
export function pretty(text: string): string {
  if (text === '') return ''
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** The signed-in developer's sandbox request log: filters, newest first, each entry with its details and actions. */
export function RequestLog() {
  const { t } = useLingui()
  const { accessToken } = useSession()
  const [filters, setFilters] = useState<RequestLogFilters>({})
  const log = useQuery(requestLogQuery(accessToken, filters))
  const queryClient = useQueryClient()

  const filterFields = [
    { name: 'status', label: t`Status`, maxLength: 3, placeholder: '429' },
    { name: 'code', label: t`Result code`, maxLength: 64, placeholder: 'RATE_LIMIT' },
    { name: 'path', label: t`Path contains`, maxLength: 200, placeholder: '/v2/codes' },
  ]

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setFilters({
      status: String(form.get('status') ?? '').trim(),
      code: String(form.get('code') ?? '').trim(),
      path: String(form.get('path') ?? '').trim(),
      authFailed: form.get('authFailed') === 'on',
    })
    void queryClient.invalidateQueries({ queryKey: sandboxKeys.all })
  }

  return (
    <SandboxPanel
      id="sandbox-request-log"
      title={<Trans>Request log</Trans>}
      hint={
        <Trans>
          Every signed request your merchant sent to the sandbox, newest first (the latest 200). Secrets are masked. A refused signature of one of your keys
          shows what the sandbox expected.
        </Trans>
      }
    >
      <form className="sandbox-filters" onSubmit={apply} aria-label={t`Filter the request log`}>
        {filterFields.map((field) => (
          <label key={field.name}>
            <span>{field.label}</span>
            <input
              name={field.name}
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              {...(field.name === 'status' ? { inputMode: 'numeric', pattern: '[0-9]{3}' } : {})}
            />
          </label>
        ))}
        <label className="sandbox-filters__check">
          <input type="checkbox" name="authFailed" />
          <span>
            <Trans>Only refused signatures</Trans>
          </span>
        </label>
        <button type="submit" className="ui-button ui-button--primary ui-button--medium">
          <Trans>Show</Trans>
        </button>
      </form>
      {log.isError ? (
        <p role="alert" className="sandbox-error">
          <Trans>The request log could not be loaded ({errorCode(log.error)}).</Trans>
        </p>
      ) : !log.data ? (
        <p role="status">{t`Loading the request log…`}</p>
      ) : log.data.requests.length === 0 ? (
        <p role="status">
          <Trans>No requests yet. Sign a request with your sandbox key and it appears here.</Trans>
        </p>
      ) : (
        <ol className="sandbox-log" aria-label={t`Requests, newest first`}>
          {log.data.requests.map((entry) => (
            <li key={entry.id}>
              <RequestLogItem entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </SandboxPanel>
  )
}

function RequestLogItem({ entry }: { entry: RequestLogEntry }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const curl = useMutation({
    mutationFn: () => fetchCurl(entry.id),
    onSuccess: (data) => void navigator.clipboard?.writeText(data.curl).catch(() => undefined),
  })
  const replay = useMutation({
    mutationFn: () => replayRequest(entry.id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  })
  const at = formatJst(langOf(i18n), entry.at, 'log')
  const failed = entry.status >= 400
  const query = queryOfPath(entry.path)
  return (
    <details className="sandbox-entry" data-testid="request-log-entry">
      <summary>
        <span className={`sandbox-entry__status${failed ? ' sandbox-entry__status--failed' : ''}`}>{entry.status}</span>
        <code className="sandbox-entry__route">
          {entry.method} {entry.path}
        </code>
        <span className="sandbox-entry__code">{entry.code ?? '—'}</span>
        <span className="sandbox-entry__meta">
          {at} · {entry.latency_ms} ms
        </span>
      </summary>
      <div className="sandbox-entry__body">
        {entry.auth_failure && <SignatureDebugger failure={entry.auth_failure} />}
        {!entry.signature_verified && (
          <p className="sandbox-hint" data-testid="not-replayable">
            <Trans>
              This request's signature did not verify when it arrived, so it cannot be copied as curl or replayed: anyone who knows your API key (not the
              secret) can leave such a request in your log. Send it from your own server, signed with your secret.
            </Trans>
          </p>
        )}
        <div className="sandbox-entry__actions">
          {entry.signature_verified && (
            <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => curl.mutate()} disabled={curl.isPending}>
              <Trans>Copy as curl</Trans>
            </button>
          )}
          {entry.resolver_path && (
            <InternalLink className="ui-button ui-button--secondary ui-button--small" href={entry.resolver_path}>
              <Trans>Open in resolver</Trans>
            </InternalLink>
          )}
          {entry.signature_verified && (
            <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => replay.mutate()} disabled={replay.isPending}>
              <Trans>Replay</Trans>
            </button>
          )}
        </div>
        {curl.data && (
          <div className="sandbox-entry__curl">
            <p className="sandbox-hint">
              <Trans>
                Signed now with key {curl.data.api_key}; it runs once, until {formatJst(langOf(i18n), curl.data.valid_until, 'time')}. Copied to the clipboard.
              </Trans>
            </p>
            <pre data-testid="curl-output">{curl.data.curl}</pre>
          </div>
        )}
        {curl.isError && (
          <p role="alert" className="sandbox-error">
            <Trans>No curl command for this request ({errorCode(curl.error)}).</Trans>
          </p>
        )}
        {replay.data && (
          <p role="status" data-testid="replay-result">
            <Trans>Replayed: the sandbox answered {replay.data.status}.</Trans>
          </p>
        )}
        {replay.isError && (
          <p role="alert" className="sandbox-error">
            <Trans>The request could not be replayed ({errorCode(replay.error)}).</Trans>
          </p>
        )}
        <dl className="sandbox-entry__detail">
          {query.length > 0 && (
            <>
              <dt>
                <Trans>Query string (not covered by the signature)</Trans>
              </dt>
              <dd>
                <pre data-testid="request-query">{query.map(([name, value]) => `${name}=${value}`).join('\n')}</pre>
              </dd>
            </>
          )}
          <dt>
            <Trans>Request headers</Trans>
          </dt>
          <dd>
            <pre>
              {Object.entries(entry.request_headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join('\n')}
            </pre>
          </dd>
          <dt>
            <Trans>Request body</Trans>
          </dt>
          <dd>
            <pre>{pretty(entry.request_body) || t`(none)`}</pre>
          </dd>
          <dt>
            <Trans>Response body</Trans>
          </dt>
          <dd>
            <pre>{pretty(entry.response_body) || t`(none)`}</pre>
          </dd>
        </dl>
      </div>
    </details>
  )
}

function SignatureDebugger({ failure }: { failure: NonNullable<RequestLogEntry['auth_failure']> }) {
  const { t } = useLingui()
  const seconds = (ms: number) => (ms / 1000).toFixed(1)
  const reasons: Record<typeof failure.reason, string> = {
    UNKNOWN_KEY: t`The API key is not active (revoked). Sign with an active key from Settings → API Keys.`,
    STALE_EPOCH: t`The epoch is ${seconds(failure.epoch_skew_ms)} s away from the sandbox's time; at most ±${seconds(failure.allowed_skew_ms)} s is accepted. Check your server's clock.`,
    NONCE_REUSED: t`This nonce was used before within the window. Send a fresh random nonce with every request.`,
    BODY_HASH_MISMATCH: t`The body hash in the header does not match the body that arrived: hash exactly the bytes you send, with the Content-Type header value.`,
    BAD_SIGNATURE: t`The MAC does not match: compare the string your client signed with the one the sandbox expected below, line by line.`,
    ASSUMED_MERCHANT: t`The key belongs to your merchant, but the request asked to act for merchant ${failure.assumed_merchant ?? ''}.`,
  }
  return (
    <div className="sandbox-debugger" data-testid="signature-debugger">
      <h3>
        <Trans>Signature debugger: {failure.reason}</Trans>
      </h3>
      <p>{reasons[failure.reason]}</p>
      <div className="sandbox-debugger__pair">
        <div>
          <h4>
            <Trans>String the sandbox expected to be signed</Trans>
          </h4>
          <pre>{failure.expected_string_to_sign}</pre>
        </div>
        <div>
          <h4>
            <Trans>Authorization header received</Trans>
          </h4>
          <pre>{failure.received_header}</pre>
          <p className="sandbox-hint">
            <Trans>
              Body hash expected {failure.expected_body_hash}, received {failure.received_body_hash}.
            </Trans>
          </p>
        </div>
      </div>
    </div>
  )
}
