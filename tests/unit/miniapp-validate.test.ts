import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { exampleAppDir, exampleImages } from '../../scripts/miniapp-example-images.ts'
import { main } from '../../scripts/miniapp-validate.ts'

// `npm run miniapp:validate -- <folder> [--json] [--lang ja|en]`: exit codes, human output grouped by file, --json.
const example = 'src/content/miniapps/cake-shop'
const broken = mkdtempSync(join(tmpdir(), 'paylab-miniapp-'))
cpSync(example, broken, { recursive: true })
writeFileSync(
  join(broken, 'app.json'),
  JSON.stringify({
    appName: 'Broken',
    version: '1.0.0',
    baseLibraryVersion: '2.42.0',
    pages: ['pages/home', 'pages/nowhere'],
    whiteListDomains: ['http://x.example.com'],
    colour: 1,
  }),
)
afterAll(() => rmSync(broken, { recursive: true, force: true }))

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s))
  const error = vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s))
  try {
    const code = await main(args)
    return { code, out: out.join('\n'), err: err.join('\n') }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

describe('npm run miniapp:validate', () => {
  it('exits 0 on the example app', async () => {
    const { code, out } = await run([example, '--lang', 'en'])
    expect(code).toBe(0)
    expect(out).toBe(`No problems found in ${example}.`)
  })

  it('exits 1 with the findings grouped by file, in Japanese by default', async () => {
    const { code, out } = await run([broken])
    expect(code).toBe(1)
    const lines = out.split('\n')
    expect(lines[0]).toBe('app.json')
    expect(out).toContain('  エラー [page.html] pages[1]  ページ pages/nowhere に pages/nowhere/nowhere.html がありません。')
    expect(out).toContain('  警告 [key.unknown] colour  不明なキー colour')
    expect(out).toMatch(/エラー \d+ 件、警告 \d+ 件$/)
    // files of other groups follow app.json's: the page folders the app no longer lists
    expect(out).toContain('\npages/menu/menu.html\n  警告 [page.unlisted]')
  })

  it('prints the findings as JSON with --json', async () => {
    const { code, out } = await run(['--json', broken, '--lang', 'en'])
    expect(code).toBe(1)
    const report = JSON.parse(out) as { ok: boolean; findings: { severity: string; rule: string; path: string; message: string; fix: string }[] }
    expect(report.ok).toBe(false)
    expect(report.findings).toContainEqual({
      severity: 'error',
      rule: 'whiteList.scheme',
      path: 'app.json:whiteListDomains[0]',
      message: '"http://x.example.com" is not an HTTPS address: whitelist entries are https://host.',
      fix: 'Serve the API over HTTPS and write the entry as "https://api.example.com".',
    })
  })

  it('exits 2 on a usage error', async () => {
    expect((await run([])).code).toBe(2)
    expect((await run([example, '--lang', 'fr'])).code).toBe(2)
    expect((await run(['no/such/folder', '--lang', 'en'])).err).toBe('no/such/folder is not a folder.')
  })

  it('sets the process exit code', async () => {
    const result = await promisify(execFile)('npx', ['tsx', 'scripts/miniapp-validate.ts', broken, '--json']).catch((e: { code: number; stdout: string }) => e)
    expect('code' in result ? result.code : 0).toBe(1)
    expect(JSON.parse(result.stdout).ok).toBe(false)
  })
})

describe('the example app', () => {
  it('has the images scripts/miniapp-example-images.ts draws (reproducible)', () => {
    for (const [path, bytes] of Object.entries(exampleImages())) expect(new Uint8Array(readFileSync(join(exampleAppDir, path))), path).toEqual(bytes)
  })
})
