import * as v from 'valibot'
import { storageKeys } from '@/domain/storage-keys.ts'
import type { SessionErrorCode, SessionEvent, SessionToken } from '@machines/session.machine.ts'

/** The session's shape and its stored token, shared by the React side (`session.tsx`) and the actor (`session-actor.ts`). */

export type { SessionToken }
export type SessionState = 'restoring' | 'signedOut' | 'signedIn' | 'signingOut' | 'expired'

export interface SessionView {
  state: SessionState
  token: SessionToken | null
  errorCode: SessionErrorCode | null
}

export interface SessionStore {
  /** The current view; the same object until the session changes. */
  getView(): SessionView
  subscribe(listener: () => void): () => void
  /** Hands the event to the session machine; resolves once it has taken it. */
  send(event: SessionEvent): Promise<void>
  /** Starts loading the machine now (pages that are about to sign in). */
  preload(): void
  /** Resolves once the machine runs (and has restored the session). */
  ready(): Promise<void>
}

const storedTokenSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.optional(v.string(), 'bearer'),
  refresh_token: v.optional(v.string(), ''),
  expires_in: v.optional(v.number(), 0),
  scope: v.optional(v.string(), ''),
})

/** The token in localStorage, or null when there is none (or it is not a token object). */
export function readStoredToken(storage: Storage = localStorage): SessionToken | null {
  try {
    const raw = storage.getItem(storageKeys.userLoginToken)
    if (!raw) return null
    const parsed = v.safeParse(storedTokenSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}
