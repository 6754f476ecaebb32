import { useLingui } from '@lingui/react/macro'
import { CopyValueButton } from '@/web/ui/copy-button.tsx'

/** A code listing that scrolls inside its own box, with a copy button. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  const { t } = useLingui()
  return (
    <div className="api-code">
      <div className="api-code__bar">
        <span className="api-code__label">{label}</span>
        <CopyValueButton value={code} label={t`Copy ${label}`} />
      </div>
      <pre className="api-code__pre" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  )
}
