import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Token } from '@/domain/account-api.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { otpMachine } from '@machines/otp.machine.ts'
import { useTrackedRequest } from '@/web/lib/progress.ts'
import { signInMachine, type AuthenticateOutput } from '@machines/sign-in.machine.ts'
import { authenticate, otpRequiredOf, resendSignInOtp, type AuthenticateBody } from './api.ts'
import { rememberKeepLogin } from '@/web/lib/keep-login.ts'
import { existingSession, useAccountSession } from './use-account-session.ts'

/** Binds the sign-in machine to the account API and the session. */
export function useSignIn() {
  const account = useAccountSession()
  const track = useTrackedRequest()
  const machine = useMemo(() => {
    async function signInWith(body: AuthenticateBody, keepLogin: boolean): Promise<AuthenticateOutput> {
      let data
      try {
        data = await authenticate(body)
      } catch (error) {
        // 040000020: a device not seen before for this account; the OTP panel opens (spec §4)
        const otp = otpRequiredOf(error)
        if (otp) return { kind: 'otpRequired', otpReferenceId: otp.otp_reference_id }
        throw error
      }
      const { status, ...tokenFields } = data
      const token: Token = tokenFields
      rememberKeepLogin(keepLogin)
      await account.signIn(token)
      return { kind: 'signedIn', status }
    }
    return signInMachine.provide({
      actors: {
        existingSession: fromPromise(existingSession),
        authenticate: fromPromise(({ input }) =>
          track(() =>
            signInWith(
              input.acceptedTerms && input.termsAccessToken
                ? { accepted_terms_and_condition: true, access_token: input.termsAccessToken, email: input.email, password: input.password }
                : { email: input.email, password: input.password },
              input.keepLogin,
            ),
          ),
        ),
        otp: otpMachine.provide({
          actors: {
            verifyOtp: fromPromise(({ input }) =>
              track(async () => {
                const result = await signInWith({ otp_reference_id: input.otpReferenceId, otp: input.otp }, input.keepLogin)
                return { status: result.kind === 'signedIn' ? result.status : 'COMPLETED' }
              }),
            ),
            resendOtp: fromPromise(({ input }) =>
              track(async () => {
                const data = await resendSignInOtp(input.otpReferenceId)
                return { otpReferenceId: data.otp_reference_id }
              }),
            ),
          },
        }),
      },
    })
  }, [account, track])
  // the page first asks who is signed in here already (issue 11: a finished account goes on, an unfinished one resumes)
  return useMachine(machine, { input: { checkSession: true }, inspect: inspectOption() })
}
