import type { I18n } from '@lingui/core'
import type { Lang } from '@/domain/i18n.ts'
import { miniAppI18n } from './catalog.ts'
import { pngHasTransparentPixel, readImageInfo } from './image.ts'
import { locateJsonError } from './json-position.ts'
import {
  assetSizes,
  isHomeIconPath,
  isPagePath,
  isWellFormedColour,
  maxPreviewImages,
  navigationBarTextStyles,
  navigationStyles,
  normaliseAppPath,
  pageFiles,
  parseWhiteListEntry,
  tabBarKeys,
  tabCount,
  tabItemKeys,
  topKeys,
  windowKeys,
} from './manifest-shape.ts'
import { miniAppRules, type MiniAppRuleId } from './messages.ts'
import { miniAppPermissions, type MiniAppFiles, type MiniAppManifest, type MiniAppTabItem, type MiniAppWindow } from './types.ts'
import { bridgeFunctionFeatures, compareVersions, isVersion, minimumVersionOf, walletVersionRange } from './versions.ts'

/**
 * The mini-app validator (issue 21): every rule of spec §3/§5/§9 on app.json, the page folders and the images, with
 * a message and a fix in Japanese or English. Pure: the same code runs in the studio (browser) and in
 * `npm run miniapp:validate` and the server (Node). docs/miniapp.md lists the rules and PayLab's readings.
 */

export interface Finding {
  severity: 'error' | 'warning'
  /** the rule's id, e.g. `tabBar.count` (src/domain/miniapp/messages.ts) */
  rule: string
  /** `app.json` and a JSON path (`app.json:tabBar.list[2].iconPath`), or a file of the app (`images/icon.png`) */
  path: string
  message: string
  fix: string
}

export interface MiniAppReport {
  /** no finding of severity error */
  ok: boolean
  /** app.json's well-formed parts, when it is an object with at least one well-formed page */
  manifest?: MiniAppManifest
  findings: Finding[]
}

export const manifestFile = 'app.json'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const keyPath = (base: string, key: string | number) => (typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key)

class Collector {
  readonly findings: Finding[] = []
  constructor(private readonly i18n: I18n) {}

  add(rule: MiniAppRuleId, path: string, values: Record<string, unknown> = {}) {
    const r = miniAppRules[rule]
    this.findings.push({ severity: r.severity, rule, path, message: this.i18n._(r.message.id!, values), fix: this.i18n._(r.fix.id!, values) })
  }
}

/** JSON of a file of the app, or a finding and undefined. BOM allowed. */
function parseJson(c: Collector, file: string, bytes: Uint8Array): { value: unknown } | undefined {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
  try {
    return { value: JSON.parse(text) }
  } catch {
    const at = locateJsonError(text) ?? { line: 1, column: 1, found: '' }
    const found = at.found === '' ? 'end of file' : JSON.stringify(at.found)
    c.add('json.malformed', `${file}:${at.line}:${at.column}`, { file, found, line: at.line, column: at.column })
    return undefined
  }
}

function checkUnknownKeys(c: Collector, file: string, base: string, value: Record<string, unknown>, known: readonly string[]) {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) c.add('key.unknown', `${file}:${keyPath(base, key)}`, { key: keyPath(base, key), known: known.join(', ') })
  }
}

/** Checks a `window` object (app.json's, or a page json's own overrides); answers its well-formed values. */
function checkWindow(c: Collector, file: string, base: string, value: unknown): MiniAppWindow | undefined {
  if (!isObject(value)) {
    c.add('type', `${file}:${base || '(root)'}`, { key: base || file, expected: 'object' })
    return undefined
  }
  checkUnknownKeys(c, file, base, value, windowKeys)
  const window: MiniAppWindow = {}
  for (const key of ['navigationBarBackgroundColor', 'backgroundColor'] as const) {
    const v = value[key]
    if (v === undefined) continue
    if (isWellFormedColour(v)) window[key] = v
    else c.add('colour', `${file}:${keyPath(base, key)}`, { key: keyPath(base, key), value: String(v) })
  }
  const enumKey = <T extends string>(key: 'navigationBarTextStyle' | 'navigationStyle', allowed: readonly T[]): T | undefined => {
    const v = value[key]
    if (v === undefined) return undefined
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T
    c.add('enum', `${file}:${keyPath(base, key)}`, { key: keyPath(base, key), value: String(v), allowed: allowed.join(', ') })
    return undefined
  }
  const textStyle = enumKey('navigationBarTextStyle', navigationBarTextStyles)
  if (textStyle) window.navigationBarTextStyle = textStyle
  const style = enumKey('navigationStyle', navigationStyles)
  if (style) window.navigationStyle = style
  if (value.navigationBarTitleText !== undefined) {
    if (typeof value.navigationBarTitleText === 'string') window.navigationBarTitleText = value.navigationBarTitleText
    else c.add('type', `${file}:${keyPath(base, 'navigationBarTitleText')}`, { key: keyPath(base, 'navigationBarTitleText'), expected: 'string' })
  }
  if (value.enablePullDownRefresh !== undefined) {
    if (typeof value.enablePullDownRefresh === 'boolean') window.enablePullDownRefresh = value.enablePullDownRefresh
    else c.add('type', `${file}:${keyPath(base, 'enablePullDownRefresh')}`, { key: keyPath(base, 'enablePullDownRefresh'), expected: 'boolean' })
  }
  return window
}

type ImageKind = 'tabIcon' | 'preview' | 'header' | 'icon'
const sizeRule: Record<ImageKind, MiniAppRuleId> = { tabIcon: 'tabBar.iconSize', preview: 'previews.size', header: 'header.size', icon: 'icon.size' }

/** Checks an image named in app.json: present, PNG or JPEG, of its size; the app icon also PNG and opaque. */
async function checkImage(c: Collector, files: MiniAppFiles, jsonPath: string, path: string, kind: ImageKind) {
  const file = normaliseAppPath(path)
  const bytes = files.get(file)
  if (!bytes) return c.add('file.missing', `${manifestFile}:${jsonPath}`, { key: jsonPath, file: path })
  const info = readImageInfo(bytes)
  if (!info) return c.add('image.format', file, { file })
  const expected = assetSizes[kind]
  if (info.width !== expected.width || info.height !== expected.height) c.add(sizeRule[kind], file, { file, width: info.width, height: info.height })
  if (kind !== 'icon') return
  if (info.format !== 'png') return c.add('icon.format', file, { file })
  if (!info.mayBeTransparent) return
  // the pixels are read only at the expected size: a 300×300 image inflates to at most 720 KB
  if (info.width !== expected.width || info.height !== expected.height) return
  const transparent = await pngHasTransparentPixel(bytes)
  if (transparent === undefined) c.add('image.unreadable', file, { file })
  else c.add(transparent ? 'icon.transparent' : 'icon.alphaChannel', file, { file })
}

const requiredStrings = ['appName', 'version', 'baseLibraryVersion'] as const

/** Validates a mini app. `i18n` replaces the validator's own catalog (tests, a host with its own instance). */
export async function validateMiniApp(files: MiniAppFiles, lang: Lang, i18n: I18n = miniAppI18n(lang)): Promise<MiniAppReport> {
  const c = new Collector(i18n)
  const report = (manifest?: MiniAppManifest): MiniAppReport => ({ ok: !c.findings.some((f) => f.severity === 'error'), manifest, findings: c.findings })
  const bytes = files.get(manifestFile)
  if (!bytes) {
    c.add('app.missing', manifestFile)
    return report()
  }
  const parsed = parseJson(c, manifestFile, bytes)
  if (!parsed) return report()
  const app = parsed.value
  if (!isObject(app)) {
    c.add('json.object', manifestFile, { file: manifestFile })
    return report()
  }
  const at = (path: string) => `${manifestFile}:${path}`
  checkUnknownKeys(c, manifestFile, '', app, topKeys)

  // required strings (§3), versions (§9)
  const strings: Record<(typeof requiredStrings)[number], string> = { appName: '', version: '', baseLibraryVersion: '' }
  for (const key of requiredStrings) {
    const v = app[key]
    if (typeof v === 'string' && v.trim() !== '') strings[key] = v
    else c.add('app.required', at(key), { key })
  }
  for (const key of ['version', 'baseLibraryVersion'] as const) {
    if (strings[key] && !isVersion(strings[key])) c.add('version.format', at(key), { key, value: strings[key] })
  }
  const base = isVersion(strings.baseLibraryVersion) ? strings.baseLibraryVersion : undefined
  if (base && (compareVersions(base, walletVersionRange.min) < 0 || compareVersions(base, walletVersionRange.max) > 0)) {
    c.add('baseLibrary.range', at('baseLibraryVersion'), { value: base, min: walletVersionRange.min, max: walletVersionRange.max })
  }

  // pages (§3): listed, folders with their html; the first is the entry
  const pages: string[] = []
  if (app.pages === undefined) c.add('pages.missing', at('pages'))
  else if (!Array.isArray(app.pages)) c.add('type', at('pages'), { key: 'pages', expected: 'string[]' })
  else if (app.pages.length === 0) c.add('pages.empty', at('pages'))
  else {
    app.pages.forEach((page: unknown, i) => {
      const path = keyPath('pages', i)
      if (typeof page !== 'string') return c.add('type', at(path), { key: path, expected: 'string' })
      if (!isPagePath(page)) return c.add('pages.path', at(path), { value: page })
      const folder = pageFiles(page).folder
      if (pages.includes(folder)) return c.add('pages.duplicate', at(path), { value: page })
      pages.push(folder)
      const { html } = pageFiles(page)
      if (!files.has(html)) c.add('page.html', at(path), { page: folder, file: html })
    })
  }
  // page json: the page's own window values
  for (const page of pages) {
    const { json } = pageFiles(page)
    const pageJson = files.get(json)
    if (!pageJson) continue
    const value = parseJson(c, json, pageJson)
    if (value && !isObject(value.value)) c.add('json.object', json, { file: json })
    else if (value) checkWindow(c, json, '', value.value)
  }
  // folders holding a page html named after the folder, not listed
  for (const path of files.keys()) {
    const m = /^(.*\/)?([^/]+)\/([^/]+)\.html$/.exec(path)
    if (!m || m[2] !== m[3]) continue
    const folder = `${m[1] ?? ''}${m[2]}`
    if (!pages.includes(folder) && folder.split('/')[0] === 'pages') c.add('page.unlisted', path, { page: folder })
  }
  // the entry page calls pp.init (§4); every page's calls against baseLibraryVersion (§9)
  const sources = (page: string) => {
    const { html, js } = pageFiles(page)
    return [js, html].filter((f) => files.has(f)).map((f) => ({ file: f, text: new TextDecoder().decode(files.get(f)) }))
  }
  if (pages[0] && files.has(pageFiles(pages[0]).html)) {
    const entry = pageFiles(pages[0])
    if (!sources(pages[0]).some((s) => /\bpp\s*\.\s*init\s*\(/.test(s.text))) {
      c.add('page.init', files.has(entry.js) ? entry.js : entry.html, { page: entry.folder, file: entry.js })
    }
  }
  if (base) {
    for (const page of pages) {
      for (const { file, text } of sources(page)) {
        const called = new Set([...text.matchAll(/\bpp\s*\.\s*([A-Za-z]\w*)\s*\(/g)].map((m) => m[1]!))
        for (const name of called) {
          if (!bridgeFunctionFeatures[name]) continue // the wallet's oldest version: baseLibrary.range covers it
          const minimum = minimumVersionOf(name)
          if (compareVersions(base, minimum) < 0) c.add('feature.version', file, { file, name, minimum, base })
        }
      }
    }
  }

  // window (§3/§5)
  const window = app.window === undefined ? undefined : checkWindow(c, manifestFile, 'window', app.window)

  // tabBar (§3/§5/§9)
  let tabBar: MiniAppManifest['tabBar']
  if (app.tabBar !== undefined) {
    if (!isObject(app.tabBar)) c.add('type', at('tabBar'), { key: 'tabBar', expected: 'object' })
    else {
      const bar = app.tabBar
      checkUnknownKeys(c, manifestFile, 'tabBar', bar, tabBarKeys)
      tabBar = { list: [] }
      for (const key of ['textColor', 'backgroundColor', 'selectedColor'] as const) {
        const v = bar[key]
        if (v === undefined) continue
        if (isWellFormedColour(v)) tabBar[key] = v
        else c.add('colour', at(`tabBar.${key}`), { key: `tabBar.${key}`, value: String(v) })
      }
      if (!Array.isArray(bar.list)) c.add('type', at('tabBar.list'), { key: 'tabBar.list', expected: 'object[]' })
      else {
        if (bar.list.length < tabCount.min || bar.list.length > tabCount.max) c.add('tabBar.count', at('tabBar.list'), { count: bar.list.length })
        const opened: string[] = []
        for (const [i, item] of (bar.list as unknown[]).entries()) {
          const path = `tabBar.list[${i}]`
          if (!isObject(item)) {
            c.add('type', at(path), { key: path, expected: 'object' })
            continue
          }
          checkUnknownKeys(c, manifestFile, path, item, tabItemKeys)
          const text = typeof item.text === 'string' ? item.text : ''
          if (typeof item.text !== 'string') c.add('type', at(`${path}.text`), { key: `${path}.text`, expected: 'string' })
          let pagePath: string | undefined
          if (typeof item.pagePath !== 'string') c.add('type', at(`${path}.pagePath`), { key: `${path}.pagePath`, expected: 'string' })
          else {
            const folder = pageFiles(item.pagePath).folder
            if (!pages.includes(folder)) c.add('tabBar.pagePath', at(`${path}.pagePath`), { value: item.pagePath })
            else if (opened.includes(folder)) c.add('tabBar.duplicate', at(`${path}.pagePath`), { value: item.pagePath })
            else pagePath = folder
            opened.push(folder)
          }
          const tab: MiniAppTabItem = { pagePath: pagePath ?? '', text }
          let homeReported = false
          for (const key of ['iconPath', 'selectedIconPath'] as const) {
            const v = item[key]
            if (v === undefined) {
              c.add('tabBar.iconAbsent', at(`${path}.${key}`), { text, key })
              continue
            }
            if (typeof v !== 'string') {
              c.add('type', at(`${path}.${key}`), { key: `${path}.${key}`, expected: 'string' })
              continue
            }
            tab[key] = v
            if (isHomeIconPath(v) && !homeReported) {
              homeReported = true
              c.add('tabBar.homeIcon', at(`${path}.${key}`), { text, file: v })
            }
            await checkImage(c, files, `${path}.${key}`, v, 'tabIcon')
          }
          if (pagePath) tabBar.list.push(tab)
        }
      }
    }
  }

  // images (§5)
  let previewImages: string[] | undefined
  if (app.previewImages !== undefined) {
    if (!Array.isArray(app.previewImages)) c.add('type', at('previewImages'), { key: 'previewImages', expected: 'string[]' })
    else {
      if (app.previewImages.length > maxPreviewImages) c.add('previews.count', at('previewImages'), { count: app.previewImages.length })
      previewImages = []
      for (const [i, v] of (app.previewImages as unknown[]).entries()) {
        const path = keyPath('previewImages', i)
        if (typeof v !== 'string') {
          c.add('type', at(path), { key: path, expected: 'string' })
          continue
        }
        previewImages.push(v)
        await checkImage(c, files, path, v, 'preview')
      }
    }
  }
  const singleImage = async (key: 'headerImage' | 'icon', kind: ImageKind): Promise<string | undefined> => {
    const v = app[key]
    if (v === undefined) return undefined
    if (typeof v !== 'string') return void c.add('type', at(key), { key, expected: 'string' })
    await checkImage(c, files, key, v, kind)
    return v
  }
  const headerImage = await singleImage('headerImage', 'header')
  const icon = await singleImage('icon', 'icon')
  if (app.icon === undefined) c.add('icon.absent', at('icon'))

  // whiteListDomains (§5)
  let whiteListDomains: string[] | undefined
  if (app.whiteListDomains !== undefined) {
    if (!Array.isArray(app.whiteListDomains)) c.add('type', at('whiteListDomains'), { key: 'whiteListDomains', expected: 'string[]' })
    else {
      whiteListDomains = []
      const hosts: string[] = []
      for (const [i, v] of (app.whiteListDomains as unknown[]).entries()) {
        const path = keyPath('whiteListDomains', i)
        if (typeof v !== 'string') {
          c.add('type', at(path), { key: path, expected: 'string' })
          continue
        }
        const entry = parseWhiteListEntry(v)
        if ('problem' in entry) {
          c.add(`whiteList.${entry.problem}`, at(path), { value: v, host: entry.host ?? 'api.example.com' })
          continue
        }
        if (hosts.includes(entry.host)) c.add('whiteList.duplicate', at(path), { host: entry.host })
        else hosts.push(entry.host)
        whiteListDomains.push(v)
      }
    }
  }

  // permissions (PayLab's reading: the permissions the app registered, asked at once at first launch, §6)
  let permissions: MiniAppManifest['permissions']
  if (app.permissions !== undefined) {
    if (!Array.isArray(app.permissions)) c.add('type', at('permissions'), { key: 'permissions', expected: 'string[]' })
    else {
      permissions = []
      for (const [i, v] of (app.permissions as unknown[]).entries()) {
        const path = keyPath('permissions', i)
        if (typeof v !== 'string') c.add('type', at(path), { key: path, expected: 'string' })
        else if (!(miniAppPermissions as readonly string[]).includes(v))
          c.add('permissions.unknown', at(path), { value: v, allowed: miniAppPermissions.join(', ') })
        else if (permissions.includes(v as (typeof miniAppPermissions)[number])) c.add('permissions.duplicate', at(path), { value: v })
        else permissions.push(v as (typeof miniAppPermissions)[number])
      }
    }
  }

  if (pages.length === 0) return report()
  const manifest: MiniAppManifest = { ...strings, pages }
  if (headerImage !== undefined) manifest.headerImage = headerImage
  if (previewImages) manifest.previewImages = previewImages
  if (icon !== undefined) manifest.icon = icon
  if (window) manifest.window = window
  if (tabBar) manifest.tabBar = tabBar
  if (whiteListDomains) manifest.whiteListDomains = whiteListDomains
  if (permissions) manifest.permissions = permissions
  return report(manifest)
}
