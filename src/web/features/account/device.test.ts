import { describe, expect, it } from 'vitest'
import { storageKeys } from '@/domain/storage-keys.ts'
import { deviceId } from '@/web/lib/device-id.ts'
import { afterSignInHref, isMobileDevice, safeRedirect } from './device.ts'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'

describe('mobile rule (spec §2, §4)', () => {
  it('is a phone user agent or a viewport of 991 px or less', () => {
    expect(isMobileDevice(iphone, 1280)).toBe(true)
    expect(isMobileDevice(android, 1280)).toBe(true)
    expect(isMobileDevice(desktop, 991)).toBe(true)
    expect(isMobileDevice(desktop, 992)).toBe(false)
  })
})

describe('sign-in redirect target', () => {
  it('accepts paths on this site only', () => {
    expect(safeRedirect('/dashboard/transactions?page=2')).toBe('/dashboard/transactions?page=2')
    for (const bad of [undefined, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'dashboard']) expect(safeRedirect(bad)).toBeNull()
  })
})

describe('device id (spec §3)', () => {
  it('is pp4d- plus a UUID, created once and kept in uaid', () => {
    const storage = memoryStorage()
    const first = deviceId(storage)
    expect(first).toMatch(/^pp4d-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(storage.getItem(storageKeys.deviceId)).toBe(first)
    expect(deviceId(storage)).toBe(first)
  })
  it('replaces a malformed stored value', () => {
    const storage = memoryStorage()
    storage.setItem(storageKeys.deviceId, 'not-a-device')
    const id = deviceId(storage)
    expect(id).toMatch(/^pp4d-/)
    expect(storage.getItem(storageKeys.deviceId)).toBe(id)
  })
})

describe('the saved query string after sign-in (spec §2)', () => {
  it('goes to the redirect or myhome with the saved query when the target has none of its own', () => {
    expect(afterSignInHref(undefined, null)).toBeNull()
    expect(afterSignInHref(undefined, 'utm_source=mail')).toBe('/dashboard/home?utm_source=mail')
    expect(afterSignInHref('/develop/resolve', '?code=RATE_LIMIT')).toBe('/develop/resolve?code=RATE_LIMIT')
    expect(afterSignInHref('/dashboard/transactions?page=2', 'utm_source=mail')).toBe('/dashboard/transactions?page=2')
    expect(afterSignInHref('https://evil.example/', 'a=1')).toBe('/dashboard/home?a=1')
    expect(afterSignInHref('/settings', '')).toBe('/settings')
  })
})
