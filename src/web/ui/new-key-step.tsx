import './credentials.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { limits } from '@/domain/limits.ts'
import { CopyButton } from './copy-button.tsx'

export interface NewKeyStepProps {
  merchantId: string
  /** null while the key is being created. */
  apiKey: string | null
  apiSecret: string | null
  createdAt: string | null
  onDone: () => void
}

/** The key file the Download button saves: JSON, so it can be read by a script as well as by a person. */
export function keyFileOf({ merchantId, apiKey, apiSecret, createdAt }: { merchantId: string; apiKey: string; apiSecret: string; createdAt: string }) {
  return {
    name: `paylab-sandbox-key-${apiKey}.json`,
    text: `${JSON.stringify({ merchant_id: merchantId, api_key: apiKey, api_secret: apiSecret, created_at: createdAt }, null, 2)}\n`,
  }
}

/**
 * The new-key screen (spec §2): a key pair just created for the merchant — key id, key secret, copy buttons and a
 * download. The secret is shown this once; the merchant's earlier keys keep working.
 */
export function NewKeyStep({ merchantId, apiKey, apiSecret, createdAt, onDone }: NewKeyStepProps) {
  const { t } = useLingui()
  if (apiKey === null || apiSecret === null)
    return (
      <p className="account-lead" role="status" aria-busy="true">
        <Trans>Creating a new API key…</Trans>
      </p>
    )
  const download = () => {
    const file = keyFileOf({ merchantId, apiKey, apiSecret, createdAt: createdAt ?? '' })
    const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = file.name
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <div className="account-form">
      <p className="account-lead" role="status">
        <Trans>A new API key has been created. Copy or download the secret now: it is shown only this once. Your earlier keys keep working.</Trans>
      </p>
      <p className="account-lead">
        <Trans>Keep the secret safe: anyone holding it can call the sandbox API as your merchant.</Trans>
      </p>
      <dl className="account-credentials">
        <dt>
          <Trans>API key</Trans>
        </dt>
        <dd>
          <code>{apiKey}</code>
          <CopyButton value={apiKey} label={t`Copy API key`} feedbackMs={limits.copyFeedbackProfileMs} />
        </dd>
        <dt>
          <Trans>API secret</Trans>
        </dt>
        <dd>
          <code>{apiSecret}</code>
          <CopyButton value={apiSecret} label={t`Copy API secret`} feedbackMs={limits.copyFeedbackProfileMs} />
        </dd>
      </dl>
      <button type="button" className="ui-button ui-button--secondary ui-button--medium" onClick={download}>
        <Trans>Download</Trans>
      </button>
      <button type="button" className="account-link-button" onClick={onDone}>
        <Trans>Back</Trans>
      </button>
    </div>
  )
}
