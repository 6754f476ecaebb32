import { profileKey } from '@/web/lib/profile.ts'

/** React Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  /** The token is part of the key so another user's profile is never served from the cache. */
  profile: profileKey,
  products: () => [...accountKeys.all, 'products'] as const,
}
