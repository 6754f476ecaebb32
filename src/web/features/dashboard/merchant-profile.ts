import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { uploadLogoData, defaultLogoId } from '@/domain/account-api.ts'
import { merchantProfileData, merchantProfilePath } from '@/domain/merchant-profile.ts'
import { call } from '@/web/lib/api-call.ts'
import { profileRootKey } from '@/web/lib/profile.ts'
import { AccountFlowError } from '@machines/account-flow.ts'
import type { LogoProblem } from '@/web/lib/logo-file.ts'

/** The sign-up logo upload (multipart, its own checks), reused after sign-up (issue 20). */
export function uploadMerchantLogo(file: Blob) {
  const form = new FormData()
  form.append('merchantLogoFile', file)
  return call('/v1/dpSignup/uploadLogo', uploadLogoData, { method: 'POST', body: form, bearer: true, timeout: 'long' })
}

/** Sets the merchant's name and/or logo (`default`: none) on every merchant of the developer (JSON). */
export const saveMerchantProfile = (body: { merchantName?: string; logoDMSId?: string }) =>
  call(merchantProfilePath, merchantProfileData, { method: 'PUT', body, bearer: true })

export type ProfileSave = 'idle' | 'uploading' | 'saving' | 'saved' | 'failed'

/**
 * The Settings form of the merchant's name and logo: a chosen logo is uploaded at once (as at sign-up) and set on
 * Save together with the name; the profile (header, dashboard) is asked for again after a save.
 */
export function useMerchantProfileForm(initial: { name: string; logoUrl: string | null }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(initial.name)
  const [logo, setLogo] = useState<{ id: string; url: string | null } | null>(null)
  const [status, setStatus] = useState<ProfileSave>('idle')
  const [logoFailed, setLogoFailed] = useState(false)
  /** The rule a picked file broke before any upload (issue 20: the refusal says which). */
  const [logoProblem, setLogoProblem] = useState<LogoProblem | null>(null)
  const [errorCode, setErrorCode] = useState<string | null>(null)

  const pickLogo = async (file: File) => {
    setStatus('uploading')
    setLogoFailed(false)
    setLogoProblem(null)
    try {
      const uploaded = await uploadMerchantLogo(file)
      setLogo({ id: uploaded.logoDMSId, url: uploaded.logoUrl })
      setStatus('idle')
    } catch {
      setLogoFailed(true)
      setStatus('idle')
    }
  }

  const save = async () => {
    setStatus('saving')
    setErrorCode(null)
    try {
      await saveMerchantProfile({ merchantName: name, ...(logo ? { logoDMSId: logo.id } : {}) })
      setLogo(null)
      setStatus('saved')
      await queryClient.invalidateQueries({ queryKey: profileRootKey })
    } catch (error) {
      setErrorCode(error instanceof AccountFlowError ? error.code : null)
      setStatus('failed')
    }
  }

  return {
    name,
    setName: (next: string) => {
      setName(next)
      if (status === 'saved' || status === 'failed') setStatus('idle')
    },
    logoUrl: logo ? logo.url : initial.logoUrl,
    pickLogo,
    removeLogo: () => {
      setLogo({ id: defaultLogoId, url: null })
      setLogoFailed(false)
      setLogoProblem(null)
      if (status === 'saved' || status === 'failed') setStatus('idle')
    },
    rejectLogo: (problem: LogoProblem) => {
      setLogoFailed(true)
      setLogoProblem(problem)
    },
    logoFailed,
    logoProblem,
    status,
    errorCode,
    save,
  }
}
