import { describe, expect, it } from 'vitest'
import { debianChromium, debianHeadlessShell, findChromium, installCommand, type ChromiumHost } from '../../scripts/lib/find-chromium.ts'

function host(over: Partial<ChromiumHost> & { files?: string[]; installs?: string[] } = {}) {
  const files = new Set(over.files ?? [])
  const calls: string[] = []
  const h: ChromiumHost = {
    env: over.env ?? {},
    executable: (p) => files.has(p),
    canInstall: over.canInstall ?? (() => false),
    install: () => {
      calls.push('install')
      for (const f of over.installs ?? []) files.add(f)
      return (over.installs ?? []).length > 0
    },
    log: () => undefined,
  }
  return { h, calls }
}

describe("finding the browser tests' Chromium", () => {
  it('takes CHROMIUM_PATH when it is an executable', () => {
    expect(findChromium(host({ env: { CHROMIUM_PATH: '/opt/chrome' }, files: ['/opt/chrome', debianChromium] }).h)).toEqual({ ok: true, path: '/opt/chrome' })
  })

  it('refuses a CHROMIUM_PATH that is not there, naming it', () => {
    const found = findChromium(host({ env: { CHROMIUM_PATH: '/nope' }, files: [debianChromium] }).h)
    expect(found.ok).toBe(false)
    if (!found.ok) expect(found.message).toContain('/nope')
  })

  it("takes Debian's chromium without installing anything", () => {
    const { h, calls } = host({ files: [debianChromium], canInstall: () => true })
    expect(findChromium(h)).toEqual({ ok: true, path: debianChromium })
    expect(calls).toEqual([])
  })

  it("prefers Debian's headless shell where both are there", () => {
    expect(findChromium(host({ files: [debianChromium, debianHeadlessShell] }).h)).toEqual({ ok: true, path: debianHeadlessShell })
  })

  it('installs the headless shell (with the CJK fonts) where it may, as root', () => {
    const { h, calls } = host({ canInstall: () => true, installs: [debianHeadlessShell] })
    expect(findChromium(h)).toEqual({ ok: true, path: debianHeadlessShell })
    expect(calls).toEqual(['install'])
  })

  it('otherwise stops at once with the one command to run', () => {
    const { h, calls } = host()
    const found = findChromium(h)
    expect(calls).toEqual([])
    expect(found).toEqual({ ok: false, message: expect.stringContaining(installCommand) })
  })
})
