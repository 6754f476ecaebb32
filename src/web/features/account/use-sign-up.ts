import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { defaultLogoId } from '@/domain/account-api.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { useTrackedRequest } from '@/web/lib/progress.ts'
import { AccountFlowError, sessionTimedOutCode, unknownErrorCode } from '@machines/account-flow.ts'
import { otpMachine } from '@machines/otp.machine.ts'
import { signUpMachine } from '@machines/sign-up.machine.ts'
import { rememberKeepLogin } from '@/web/lib/keep-login.ts'
import { createAccount, createApiKey, resendSignUpOtp, signupProduct, uploadLogo, validateSignUpOtp } from './api.ts'
import { existingSession, useAccountSession } from './use-account-session.ts'

/** spec §3: the merchant name used when none is given. */
export const defaultMerchantName = 'Merchant Name'

/** Binds the sign-up machine to the account API and the session. */
export function useSignUp(options: { startAt?: 'account' | 'merchant'; email?: string; checkSession?: boolean } = {}) {
  const account = useAccountSession()
  const track = useTrackedRequest()
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: {
          existingSession: fromPromise(existingSession),
          createAccount: fromPromise(({ input }) =>
            track(async () => {
              const data = await createAccount(input)
              return { otpReferenceId: data.otp_reference_id }
            }),
          ),
          otp: otpMachine.provide({
            actors: {
              verifyOtp: fromPromise(({ input }) =>
                track(async () => {
                  const data = await validateSignUpOtp({ otp_reference_id: input.otpReferenceId, otp: input.otp, email: input.email })
                  // sign-up offers no 'keep me signed in': the new account stays signed in like the checkbox's default
                  rememberKeepLogin(true)
                  await account.signIn(data.token)
                  return { status: data.status }
                }),
              ),
              resendOtp: fromPromise(({ input }) =>
                track(async () => {
                  const data = await resendSignUpOtp(input.otpReferenceId)
                  return { otpReferenceId: data.otp_reference_id }
                }),
              ),
            },
          }),
          uploadLogo: fromPromise(({ input }) =>
            track(async () => {
              const data = await uploadLogo(input.file)
              return { logoId: data.logoDMSId, logoUrl: data.logoUrl }
            }),
          ),
          registerMerchant: fromPromise(({ input }) =>
            track(async () => {
              await signupProduct({ merchantName: input.merchantName, logoDMSId: input.logoId, email: input.email, products: input.products })
              // spec §4: 4 → 5 only after the profile is fetched and stored
              const profile = await account.refreshAccount()
              if (!profile) throw new AccountFlowError(sessionTimedOutCode)
              if (!profile.merchant_id) throw new AccountFlowError(unknownErrorCode)
              return { merchantId: profile.merchant_id }
            }),
          ),
          createApiKey: fromPromise(({ input }) =>
            track(async () => {
              const data = await createApiKey(input.merchantId)
              return { apiKey: data.api_key, apiSecret: data.api_secret, createdAt: data.created_at }
            }),
          ),
        },
      }),
    [account, track],
  )
  return useMachine(machine, {
    input: { startAt: options.startAt, email: options.email, defaultMerchantName, defaultLogoId, checkSession: options.checkSession },
    inspect: inspectOption(),
  })
}
