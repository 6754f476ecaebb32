import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { inspectionEnabled } from '@/web/lib/inspect-flag.ts'
import { useSession } from '@/web/lib/session.tsx'
import type { ServerMachinesStatus } from '../server-machines.ts'

/**
 * With `?inspect`, the sandbox tools page streams the merchant's sandbox payments and webhook deliveries into the
 * inspector (issue 30; ../server-machines.ts, loaded only then) and says how the stream is doing. Without it,
 * nothing is rendered and nothing is loaded.
 */
export function ServerMachines() {
  const { accessToken } = useSession()
  const [status, setStatus] = useState<ServerMachinesStatus | null>(null)
  const on = inspectionEnabled()
  useEffect(() => {
    if (!on || !accessToken) return
    let stop: (() => void) | undefined
    let cancelled = false
    void import('../server-machines.ts').then(({ watchServerMachines }) => {
      if (!cancelled) stop = watchServerMachines(accessToken, setStatus)
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [on, accessToken])
  if (!on || !status) return null
  return (
    <p className="sandbox-hint" role="status" data-server-machines={status}>
      {status === 'live' ? (
        <Trans>Inspector: your sandbox payments and webhook deliveries appear as they move.</Trans>
      ) : status === 'connecting' ? (
        <Trans>Inspector: connecting to your sandbox…</Trans>
      ) : status === 'retrying' ? (
        <Trans>Inspector: the connection to your sandbox dropped; trying again…</Trans>
      ) : status === 'busy' ? (
        <Trans>Inspector: this session already watches its sandbox in other tabs; trying again…</Trans>
      ) : (
        <Trans>Inspector: sign in again to watch your sandbox.</Trans>
      )}
    </p>
  )
}
