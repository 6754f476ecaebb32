import * as v from 'valibot'
import { compareVersions } from '@/domain/miniapp/versions.ts'
import type { BridgeError, BridgeErrorCode, MiniAppPermission } from '@/domain/miniapp/types.ts'
import type { MiniappConsentRecord } from '@machines/miniapp-session.machine.ts'

/** The tester's controls beside the phone (what the bridge reads at each call). */
export interface StudioControls {
  userId: string
  appVersion: string
  lang: 'ja' | 'en'
  nextPaymentOutcome: 'success' | 'cancel' | 'insufficient' | 'timeout' | 'server_error'
  forced: Partial<Record<string, BridgeErrorCode>>
  network: 'online' | 'offline' | 'slow'
  /** Apps installed on the simulated phone (package names or URL schemes, as pp.checkAppInstall names them). */
  installedApps: string[]
  /** The app has an unread notification (the red dot on its entry): pp.loadNotificationStatus answers it. */
  hasNewNotification: boolean
}
export interface BridgeLogEntry {
  at: string
  direction: 'call' | 'answer' | 'event'
  name: string
  id?: string
  params?: unknown
  result?: unknown
  error?: BridgeError
  ms?: number
}

/** `a < b` for dotted versions ('2.39.0' < '2.40.0'). */
export const versionBelow = (a: string, b: string) => compareVersions(a, b) < 0

/** Storage data of one app, kept in the browser (per app id). */
export function appStorage(appId: string) {
  const key = `paylab.miniapp.storage.${appId}`
  let memory: Record<string, string> = {}
  const store = typeof localStorage === 'undefined' ? undefined : localStorage
  const read = (): Record<string, string> => {
    if (!store) return { ...memory }
    try {
      const parsed = v.safeParse(v.record(v.string(), v.string()), JSON.parse(store.getItem(key) ?? '{}'))
      return parsed.success ? parsed.output : {}
    } catch {
      return {}
    }
  }
  const write = (data: Record<string, string>) => {
    if (store) store.setItem(key, JSON.stringify(data))
    else memory = data
  }
  return { read, write }
}

const sessions = new Map<string, Map<string, string>>()
/** Session data of one app: kept until the app closes. */
export function sessionData(appId: string): Map<string, string> {
  const data = sessions.get(appId) ?? new Map<string, string>()
  sessions.set(appId, data)
  return data
}
export const launchOptions = new Map<string, { text?: string; options?: unknown }>()

/** Stored data arrives as `data` (the API reference's name) or `value`; it is answered under both. */
export const valueOf = (p: Record<string, unknown>) => (p.data !== undefined ? p.data : (p.value ?? null))
export const answerValue = (key: string, stored: string) => {
  const value = JSON.parse(stored) as unknown
  return { key, data: value, value }
}

const permissionList = v.array(v.string())
/**
 * What a test user answered for an app, as the browser keeps it: `{ granted, answered }`; an earlier studio kept the
 * granted list alone (then what was granted is what was answered).
 */
export function parseConsentRecord(raw: string | null): MiniappConsentRecord | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    const list = (x: unknown) => (v.is(permissionList, x) ? (x as MiniAppPermission[]) : [])
    if (Array.isArray(value)) return { granted: list(value), answered: list(value) }
    if (typeof value === 'object' && value !== null) {
      const record = value as { granted?: unknown; answered?: unknown }
      return { granted: list(record.granted), answered: list(record.answered) }
    }
  } catch {
    // unreadable: nothing was answered
  }
  return null
}
