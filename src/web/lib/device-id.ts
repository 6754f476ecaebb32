import { storageKeys } from '@/domain/storage-keys.ts'

/** The header the portal sends its device id in on sign-up and sign-in calls (agreed with the account API). */
export const deviceIdHeader = 'X-DEVICE-ID'

const pattern = /^pp4d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let memoryFallback: string | undefined

/**
 * This browser's device id (spec §3): `pp4d-` + a random UUID, created once and persisted in `uaid`.
 * The server asks for a one-time password when an account signs in from a device id it has not seen.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage()): string {
  const stored = storage?.getItem(storageKeys.deviceId)
  if (stored && pattern.test(stored)) return stored
  const fresh = memoryFallback ?? `pp4d-${crypto.randomUUID()}`
  try {
    storage?.setItem(storageKeys.deviceId, fresh)
  } catch {
    // storage full or disabled: keep the id for this page's lifetime
  }
  memoryFallback = fresh
  return fresh
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
