import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { inspectOption } from '@/web/lib/inspect.ts'
import { useTrackedRequest } from '@/web/lib/progress.ts'
import { dashboardModeMachine, type ActivationOutput } from '@machines/dashboard-mode.machine.ts'
import { activateLiveMode } from './api.ts'
import { readNoticeDismissed, readStoredLive, writeNoticeDismissed, writeStoredLive } from './mode.ts'

/** myhome's mode machine: activation through salesforceActivate, the mode and notice kept in local storage. */
export function useDashboardMode(liveMerchantId: string | null, onActivated: () => void) {
  const track = useTrackedRequest()
  const machine = useMemo(
    () =>
      dashboardModeMachine.provide({
        actors: {
          activate: fromPromise(async (): Promise<ActivationOutput> => {
            const answer = await track(() => activateLiveMode())
            onActivated()
            return { live_merchant_id: answer.live_merchant_id }
          }),
        },
        actions: {
          persistMode: (_, params: { live: boolean }) => writeStoredLive(params.live),
          persistNotice: () => writeNoticeDismissed(),
        },
      }),
    [track, onActivated],
  )
  return useMachine(machine, {
    input: {
      storedLive: readStoredLive(),
      liveMerchantId,
      noticeDismissed: readNoticeDismissed(),
    },
    inspect: inspectOption(),
  })
}
