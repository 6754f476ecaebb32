// The reference Docusaurus site of `npm run bench:docusaurus`: the latest Docusaurus 3 (classic preset, default theme)
// installed with npm from the npm registry into a cache directory outside the app's dependencies (one directory per
// version, reused across runs), holding one docs page of the portal in Japanese (the default locale) and English.
// Our markdown dialect's blocks become the plain markdown that shows the same text (`toDocusaurusMarkdown`).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export type ContentLang = 'ja' | 'en'

/** What the portal's payment-demo block shows before it is used (src/web/features/docs/components/blocks.tsx). */
const demoTexts: Record<ContentLang, { title: string; text: string; lab: string }> = {
  ja: {
    title: 'サンドボックスで試す',
    text: 'デモショップで1円のケーキを買い、オフラインのサンドボックスのテストユーザーとして支払えます。リクエストを一つずつ自分で送るにはペイメントラボを開いてください。',
    lab: 'ペイメントラボを開く',
  },
  en: {
    title: 'Try it in the sandbox',
    text: 'Buy a 1-yen cake in the demo shop and pay it as a test user of the offline sandbox; or open the payment lab to send each request yourself.',
    lab: 'Open the payment lab',
  },
}
const demoLabs: Record<string, string> = {
  dynamicQr: '/develop/qrcode-lab',
  appInvoke: '/develop/appinvoke-lab',
  nativePayment: '/develop/nativepayment-lab',
  webPayment: '/develop/webpayment-lab',
}
/** Our code blocks' language names that Prism spells otherwise. */
const prismLanguages: Record<string, string> = { nodejs: 'javascript' }

/** Text outside code that MDX would read as JSX or an expression: `{`, `}` and `<` escaped, inline code left as it is. */
function mdxSafe(line: string): string {
  return line
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/[{}]/g, '\\$&').replace(/</g, '&lt;')))
    .join('')
}

/**
 * A page of src/content (front matter and our markdown dialect) as a Docusaurus MDX doc with the same headings, text,
 * tables and code blocks: the title as the `# heading` and the subtitle under it (as the portal shows them);
 * `:internal[text]{to="…"}` a link; `:::button{href}` a link in its own paragraph; `:::checklist` the task list it
 * holds; `:::payment-demo` a tip with the block's title, text and lab link; `{#id}` heading ids kept (Docusaurus
 * reads them too).
 */
export function toDocusaurusMarkdown(source: string, lang: ContentLang): string {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source)
  const frontMatter = new Map<string, string>()
  for (const line of match?.[1]?.split('\n') ?? []) {
    const field = /^(\w+):\s*(.*)$/.exec(line)
    if (field) frontMatter.set(field[1]!, field[2]!.replace(/^["']|["']$/g, ''))
  }
  const title = frontMatter.get('title') ?? ''
  const head = ['---', `title: ${JSON.stringify(title)}`]
  if (frontMatter.has('description')) head.push(`description: ${JSON.stringify(frontMatter.get('description'))}`)
  head.push('---', '', `# ${mdxSafe(title)}`, '')
  if (frontMatter.has('subTitle')) head.push(mdxSafe(frontMatter.get('subTitle')!), '')

  const body: string[] = []
  let fence: string | undefined
  let block: { name: string; attrs: Record<string, string>; lines: string[] } | undefined
  for (const line of (match ? source.slice(match[0].length) : source).split('\n')) {
    if (fence) {
      body.push(line)
      if (line.startsWith(fence) && line.trim() === fence) fence = undefined
      continue
    }
    const opening = /^(`{3,})(\S*)(.*)$/.exec(line)
    if (opening && !block) {
      fence = opening[1]!
      body.push(`${fence}${prismLanguages[opening[2]!] ?? opening[2]}${opening[3]}`)
      continue
    }
    const directive = /^:::([\w-]+)(?:\{(.*)\})?\s*$/.exec(line)
    if (directive && !block) {
      const attrs = Object.fromEntries([...(directive[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))
      block = { name: directive[1]!, attrs, lines: [] }
      continue
    }
    if (block && line.trim() === ':::') {
      body.push(...blockMarkdown(block, lang))
      block = undefined
      continue
    }
    const text = mdxSafe(line)
      .replace(/:internal\[([^\]]*)\]\\\{to="([^"]*)"\\\}/g, '[$1]($2)')
      .replace(/^(#{1,6} .*?) \\\{#([\w-]+)\\\}$/, '$1 {#$2}')
    if (block) block.lines.push(text)
    else body.push(text)
  }
  if (block) throw new Error(`:::${block.name} is not closed`)
  return [...head, ...body].join('\n')
}

function blockMarkdown(block: { name: string; attrs: Record<string, string>; lines: string[] }, lang: ContentLang): string[] {
  const inner = block.lines.join('\n').trim()
  switch (block.name) {
    case 'button':
      return [`[${inner}](${block.attrs.href ?? '/'})`]
    case 'checklist':
      return block.lines
    case 'payment-demo': {
      const demo = demoTexts[lang]
      return [`:::tip[${demo.title}]`, '', demo.text, '', `[${demo.lab}](${demoLabs[block.attrs.type ?? ''] ?? '/develop'})`, '', ':::']
    }
    default:
      throw new Error(`no Docusaurus markdown for the :::${block.name} block`)
  }
}

/** The cache directory of one Docusaurus version (DOCUSAURUS_CACHE, else `$TMPDIR/paylab-docusaurus`). */
export function docusaurusDir(version: string): string {
  return join(process.env.DOCUSAURUS_CACHE ?? join(tmpdir(), 'paylab-docusaurus'), version)
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

function npmOutput(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm ${args.join(' ')} exited with ${code}`))))
  })
}

/** The highest of these versions (the registry lists them in the order they were published: 3.9.2 after 3.10.2). */
const newest = (versions: string[]) => versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1)

/**
 * The Docusaurus version to measure: DOCUSAURUS_VERSION, else the newest 3.x the npm registry has, else (offline)
 * the newest already in the cache.
 */
export async function docusaurusVersion(): Promise<string> {
  if (process.env.DOCUSAURUS_VERSION) return process.env.DOCUSAURUS_VERSION
  try {
    const versions = JSON.parse(await npmOutput(['view', '@docusaurus/core@3', 'version', '--json'])) as string | string[]
    return newest([versions].flat())!
  } catch (error) {
    const root = dirname(docusaurusDir('x'))
    const cached = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'node_modules/.paylab-installed'))) : []
    const found = newest(cached)
    if (!found) throw error
    console.log(`the npm registry did not answer: using the cached Docusaurus ${found}`)
    return found
  }
}

/** Installs Docusaurus `version` (classic preset, React 19) into its cache directory unless it is there already. */
export async function installDocusaurus(version: string): Promise<string> {
  const dir = docusaurusDir(version)
  const marker = join(dir, 'node_modules/.paylab-installed')
  if (existsSync(marker)) return dir
  mkdirSync(dir, { recursive: true })
  const dependencies = {
    '@docusaurus/core': version,
    '@docusaurus/preset-classic': version,
    '@mdx-js/react': '^3.0.0',
    clsx: '^2.0.0',
    'prism-react-renderer': '^2.3.0',
    react: '^19.0.0',
    'react-dom': '^19.0.0',
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'paylab-docusaurus-reference', private: true, dependencies }, null, 2))
  const started = performance.now()
  console.log(`installing Docusaurus ${version} into ${dir} (npm registry) …`)
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir)
  writeFileSync(marker, new Date().toISOString())
  console.log(`installed in ${Math.round(performance.now() - started)} ms`)
  return dir
}

const config = `// Written by scripts/lib/docusaurus-site.ts: the classic preset as it comes, docs only, the page's two locales.
export default {
  title: 'PayLab',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // the page links to other pages of the portal, which this site does not have
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  i18n: { defaultLocale: 'ja', locales: ['ja', 'en'] },
  presets: [['classic', { docs: { routeBasePath: '__DOCS_BASE__' }, blog: false }]],
  themeConfig: {
    navbar: { title: 'PayLab' },
    // the portal highlights these languages of the page too
    prism: { additionalLanguages: ['java', 'php'] },
  },
}
`

/**
 * Writes the site (the page at `path`, e.g. `/products/docs/webpayment`, in Japanese at that path and in English under
 * `/en`) and builds it; returns the directory of the static build.
 */
export async function buildDocusaurusSite(dir: string, path: string, sources: Record<ContentLang, string>): Promise<string> {
  const base = dirname(path).replace(/^\//, '')
  const file = `${path.split('/').pop()}.md`
  for (const generated of ['docs', 'i18n', 'build', '.docusaurus']) rmSync(join(dir, generated), { recursive: true, force: true })
  writeFileSync(join(dir, 'docusaurus.config.mjs'), config.replace('__DOCS_BASE__', base))
  const places: Record<ContentLang, string> = { ja: join(dir, 'docs'), en: join(dir, 'i18n/en/docusaurus-plugin-content-docs/current') }
  for (const lang of ['ja', 'en'] as const) {
    mkdirSync(places[lang], { recursive: true })
    writeFileSync(join(places[lang], file), toDocusaurusMarkdown(sources[lang], lang))
  }
  const started = performance.now()
  await run(join(dir, 'node_modules/.bin/docusaurus'), ['build'], dir)
  console.log(`built the Docusaurus site in ${Math.round(performance.now() - started)} ms`)
  return join(dir, 'build')
}
