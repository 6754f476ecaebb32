import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { maintenanceQuery } from '../api.ts'
import { useLanguage } from '../use-language.ts'
import { StatusPage } from './status-page.tsx'

/** spec §2 Maintenance: the operator's notice in the current language, or a general sentence. */
export function MaintenancePage() {
  const { lang } = useLanguage()
  const { data } = useQuery(maintenanceQuery(lang))
  const notes = data?.maintenanceDesc ?? []
  return (
    <StatusPage
      title={<Trans>We are doing maintenance</Trans>}
      description={
        <>
          {notes.length > 0 ? (
            notes.map((note, i) => <p key={i}>{note}</p>)
          ) : (
            <p>
              <Trans>PayLab is being updated. The portal and the sandbox will be back shortly; your data is safe.</Trans>
            </p>
          )}
        </>
      }
    />
  )
}
