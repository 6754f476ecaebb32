import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { inspectOption } from '@/web/lib/inspect.ts'
import { useTrackedRequest } from '@/web/lib/progress.ts'
import { forgotPasswordMachine } from '@machines/forgot-password.machine.ts'
import { resetPasswordMachine } from '@machines/reset-password.machine.ts'
import { confirmPasswordReset, requestPasswordReset } from './api.ts'

export function useForgotPassword() {
  const track = useTrackedRequest()
  const machine = useMemo(
    () => forgotPasswordMachine.provide({ actors: { requestReset: fromPromise(({ input }) => track(() => requestPasswordReset(input.email))) } }),
    [track],
  )
  return useMachine(machine, { inspect: inspectOption() })
}

export function useResetPassword(token: string) {
  const track = useTrackedRequest()
  const machine = useMemo(
    () => resetPasswordMachine.provide({ actors: { saveNewPassword: fromPromise(({ input }) => track(() => confirmPasswordReset(input))) } }),
    [track],
  )
  return useMachine(machine, { input: { token }, inspect: inspectOption() })
}
