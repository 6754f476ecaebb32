import { Trans, useLingui } from '@lingui/react/macro'
import { limits } from '@/domain/limits.ts'
import { CopyButton } from './copy-button.tsx'

/** The new-key screen (spec §2): key id, key secret and a download of both. */
export function NewKeyStep({ merchantId, apiKey, apiSecret, onDone }: { merchantId: string; apiKey: string; apiSecret: string; onDone: () => void }) {
  const { t } = useLingui()
  const download = () => {
    const csv = `merchant_id,api_key,api_secret\n${merchantId},${apiKey},${apiSecret}\n`
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `paylab-sandbox-key-${merchantId}.csv`
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <div className="account-form">
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
