import { limits } from '@/domain/limits.ts'

/**
 * Failed lazy route chunks (spec §2: "chunk load failures raise an error after 120 seconds"). A browser caches a
 * failed module import, so a retry means reloading the page; we keep reloading at a steady interval while the
 * first failure is younger than 120 s, then give up and show the 500 page. The first failure's time lives in
 * sessionStorage so it survives the reloads.
 */

export const chunkFailureKey = 'paylab.chunkFailureSince'
export const chunkRetryIntervalMs = 5_000

/** Chromium, Firefox and Safari word a failed dynamic import differently; Vite adds its CSS preload error. */
const chunkErrorPattern =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)|Unable to preload CSS/

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkErrorPattern.test(error.message)
}

export type ChunkFailurePlan = { action: 'retry'; inMs: number } | { action: 'fail' }

/** What to do about a chunk failure first seen at `since`, now. */
export function planChunkRetry(since: number, now: number, giveUpAfterMs: number = limits.chunkLoadErrorAfterMs): ChunkFailurePlan {
  const elapsed = now - since
  if (elapsed >= giveUpAfterMs) return { action: 'fail' }
  return { action: 'retry', inMs: Math.min(chunkRetryIntervalMs, giveUpAfterMs - elapsed) }
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Records a failure (keeping the first one's time) and returns when the failures started. */
export function noteChunkFailure(now: number, storage: SessionLike = sessionStorage): number {
  const since = Number(storage.getItem(chunkFailureKey))
  if (Number.isFinite(since) && since > 0 && since <= now) return since
  storage.setItem(chunkFailureKey, String(now))
  return now
}

/** A route rendered: the chunks load again. */
export function clearChunkFailure(storage: SessionLike = sessionStorage) {
  storage.removeItem(chunkFailureKey)
}
