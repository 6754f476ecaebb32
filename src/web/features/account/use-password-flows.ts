import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { inspectOption } from '@/web/lib/inspect.ts'
import { forgotPasswordMachine } from '../../../../machines/forgot-password.machine.ts'
import { resetPasswordMachine } from '../../../../machines/reset-password.machine.ts'
import { confirmPasswordReset, requestPasswordReset } from './api.ts'

export function useForgotPassword() {
  const machine = useMemo(
    () => forgotPasswordMachine.provide({ actors: { requestReset: fromPromise(({ input }) => requestPasswordReset(input.email)) } }),
    [],
  )
  return useMachine(machine, { inspect: inspectOption() })
}

export function useResetPassword(token: string) {
  const machine = useMemo(
    () => resetPasswordMachine.provide({ actors: { saveNewPassword: fromPromise(({ input }) => confirmPasswordReset(input)) } }),
    [],
  )
  return useMachine(machine, { input: { token }, inspect: inspectOption() })
}
