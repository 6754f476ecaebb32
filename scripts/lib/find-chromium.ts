// Where the browser tests' Chromium is (issue 20: `npm test` on a machine without it used to run five minutes and then
// fail at the browser tests). `npm test` asks this before its first step: CHROMIUM_PATH, else Debian's
// chromium-headless-shell, else Debian's chromium, else — where it runs as root with apt-get, as on CI — it installs
// Debian's chromium-headless-shell with fonts-noto-cjk (the Japanese pages need the fonts); otherwise it stops at once
// with the one command to run.
//
// Why the headless shell first: it is Chromium's own headless build (the same engine, Blink and V8, from the same
// Debian source package; what Playwright itself runs for headless tests). The full browser's headless mode starts
// the whole browser UI stack for every context; measured on this 2-core machine kind, the browser suite takes about a
// third less time in the shell (docs/decisions/0008-browser-tests-in-the-headless-shell.md).
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

export const debianHeadlessShell = '/usr/bin/chromium-headless-shell'
export const debianChromium = '/usr/bin/chromium'
export const installCommand = 'sudo apt-get install -y chromium-headless-shell fonts-noto-cjk'

export interface ChromiumHost {
  env: Record<string, string | undefined>
  /** an executable file at this path */
  executable(path: string): boolean
  /** running as root with apt-get on the PATH */
  canInstall(): boolean
  /** installs Debian's chromium-headless-shell and fonts-noto-cjk; true when it worked */
  install(): boolean
  log(line: string): void
}

export type ChromiumFound = { ok: true; path: string } | { ok: false; message: string }

export function findChromium(host: ChromiumHost): ChromiumFound {
  const chosen = host.env.CHROMIUM_PATH
  if (chosen) {
    if (host.executable(chosen)) return { ok: true, path: chosen }
    return {
      ok: false,
      message: `CHROMIUM_PATH is set to ${chosen}, which is not an executable file. Point it at Chromium, or unset it and run: ${installCommand}`,
    }
  }
  for (const path of [debianHeadlessShell, debianChromium]) if (host.executable(path)) return { ok: true, path }
  if (host.canInstall()) {
    host.log("Chromium is missing: installing Debian's chromium-headless-shell and fonts-noto-cjk for the browser tests …")
    if (host.install() && host.executable(debianHeadlessShell)) return { ok: true, path: debianHeadlessShell }
    return { ok: false, message: `Installing Chromium failed. Install it yourself: ${installCommand}` }
  }
  return {
    ok: false,
    message: `The browser tests need Chromium, which this machine lacks. Run: ${installCommand} (or set CHROMIUM_PATH to a Chromium executable), then npm test again.`,
  }
}

/** The real machine. */
export const nodeChromiumHost: ChromiumHost = {
  env: process.env,
  executable(path) {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  },
  canInstall: () => process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0,
  install() {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0) return false
    return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell', 'fonts-noto-cjk'], { stdio: 'inherit', env }).status === 0
  },
  log: (line) => console.log(line),
}

/** The browser the Playwright config launches when `npm test` has not set CHROMIUM_PATH (`npx playwright test` alone). */
export function browserTestChromium(host: Pick<ChromiumHost, 'env' | 'executable'> = nodeChromiumHost): string {
  const found = findChromium({ ...nodeChromiumHost, ...host, canInstall: () => false })
  return found.ok ? found.path : debianChromium
}
