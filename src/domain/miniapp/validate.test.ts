import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeGreyJpeg, encodePng, Raster } from '../../../scripts/lib/image-encode.ts'
import { readMiniAppFolder } from '../../../scripts/miniapp-validate.ts'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { messages as enMiniApp } from '../../../locales/en/miniapp.ts'
import { miniAppI18n } from './catalog.ts'
import { pngHasTransparentPixel, readImageInfo } from './image.ts'
import { miniAppRules } from './messages.ts'
import { locateJsonError } from './json-position.ts'
import { validateMiniApp, type Finding } from './validate.ts'
import { parseWhiteListEntry } from './manifest-shape.ts'
import { compareVersions, supportsFunction } from './versions.ts'

// Real image files, made here: the validator reads their headers and, for the app icon, their pixels.
// (made once each: every test builds several apps)
const made = new Map<string, Uint8Array>()
const once = (key: string, make: () => Uint8Array) => made.get(key) ?? made.set(key, make()).get(key)!
const opaque = (w: number, h: number) => once(`rgb ${w} ${h}`, () => new Raster(w, h, [240, 106, 140, 255]).toPngRgb())
const rgba = (w: number, h: number, alphaAt?: [number, number]) =>
  once(`rgba ${w} ${h} ${alphaAt}`, () => {
    const r = new Raster(w, h, [240, 106, 140, 255])
    if (alphaAt) r.pixels[(alphaAt[1] * w + alphaAt[0]) * 4 + 3] = 128
    return r.toPngRgba()
  })
const text = (s: string) => new TextEncoder().encode(s)

const baseManifest = () => ({
  appName: 'Test',
  version: '1.0.0',
  baseLibraryVersion: '2.42.0',
  icon: 'images/icon.png',
  headerImage: 'images/header.png',
  previewImages: ['images/p1.png'],
  pages: ['pages/start', 'pages/list'],
  tabBar: {
    list: [
      { pagePath: 'pages/start', text: 'Start', iconPath: 'images/a.png', selectedIconPath: 'images/a-on.png' },
      { pagePath: 'pages/list', text: 'List', iconPath: 'images/b.png', selectedIconPath: 'images/b-on.png' },
    ],
  },
  whiteListDomains: ['https://api.example.com'],
  permissions: ['mini_app_user_name'],
})
type Manifest = ReturnType<typeof baseManifest> & Record<string, unknown>

/** A valid app; `change` edits the manifest, `files` adds or replaces files (undefined removes one). */
function app(change: (m: Manifest) => void = () => {}, files: Record<string, Uint8Array | undefined> = {}) {
  const m = baseManifest() as Manifest
  change(m)
  const map = new Map<string, Uint8Array>([
    ['app.json', text(JSON.stringify(m, null, 2))],
    ['pages/start/start.html', text('<main></main>')],
    ['pages/start/start.js', text('pp.init({ clientId: "x", success() { pp.getBalance({}) } })')],
    ['pages/list/list.html', text('<main></main>')],
    ['images/icon.png', opaque(300, 300)],
    ['images/header.png', opaque(1125, 465)],
    ['images/p1.png', opaque(690, 690)],
    ['images/a.png', rgba(24, 24, [0, 0])],
    ['images/a-on.png', rgba(24, 24)],
    ['images/b.png', rgba(24, 24)],
    ['images/b-on.png', rgba(24, 24)],
  ])
  for (const [path, bytes] of Object.entries(files)) {
    if (bytes) map.set(path, bytes)
    else map.delete(path)
  }
  return map
}

const rules = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.rule} ${f.path}`)

async function findingsOf(change?: (m: Manifest) => void, files?: Record<string, Uint8Array | undefined>) {
  return rules((await validateMiniApp(app(change, files), 'en')).findings)
}

describe('validateMiniApp', () => {
  it('finds nothing in a valid app and answers its manifest', async () => {
    const report = await validateMiniApp(app(), 'en')
    expect(report.findings).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.manifest?.pages).toEqual(['pages/start', 'pages/list'])
    expect(report.manifest?.tabBar?.list.map((t) => t.pagePath)).toEqual(['pages/start', 'pages/list'])
  })

  it('passes the example cake shop with no finding at all, in both languages', async () => {
    const files = readMiniAppFolder('src/content/miniapps/cake-shop')
    for (const lang of ['ja', 'en'] as const) {
      const report = await validateMiniApp(files, lang)
      expect(report.findings).toEqual([])
      expect(report.manifest?.appName).toBe('PayLab Cake Shop')
    }
  })

  it('reports a missing or malformed app.json with the position', async () => {
    expect(await findingsOf(undefined, { 'app.json': undefined })).toEqual(['error app.missing app.json'])
    const report = await validateMiniApp(app(undefined, { 'app.json': text('{\n  "appName": "x",\n  "pages": [],\n}') }), 'en')
    expect(rules(report.findings)).toEqual(['error json.malformed app.json:4:1'])
    expect(report.findings[0]!.message).toBe('app.json is not valid JSON: unexpected "}" at line 4, column 1.')
    expect(report.ok).toBe(false)
    expect(report.manifest).toBeUndefined()
    expect(await findingsOf(undefined, { 'app.json': text('[1]') })).toEqual(['error json.object app.json'])
    expect(await findingsOf(undefined, { 'pages/list/list.json': text('{"navigationStyle": "custom",}') })).toEqual([
      'error json.malformed pages/list/list.json:1:30',
    ])
  })

  it('requires appName, version and baseLibraryVersion as non-empty strings', async () => {
    expect(
      await findingsOf((m) => {
        delete (m as Partial<Manifest>).appName
        m.version = ' '
        m.baseLibraryVersion = 2 as never
      }),
    ).toEqual(['error app.required app.json:appName', 'error app.required app.json:version', 'error app.required app.json:baseLibraryVersion'])
    expect(await findingsOf((m) => (m.version = 'v1'))).toEqual(['warning version.format app.json:version'])
    expect(await findingsOf((m) => (m.baseLibraryVersion = '2.30.0'))).toEqual([
      'warning baseLibrary.range app.json:baseLibraryVersion',
      'warning feature.version pages/start/start.js', // getBalance: show balance, 2.31.0
    ])
  })

  it('warns when a page calls a feature newer than baseLibraryVersion (§9)', async () => {
    const report = await validateMiniApp(
      app((m) => (m.baseLibraryVersion = '2.39.0'), { 'pages/list/list.js': text('pp.makePayment({}); pp.generateCodeImage({})') }),
      'en',
    )
    expect(rules(report.findings)).toEqual(['warning feature.version pages/list/list.js'])
    expect(report.findings[0]!.message).toBe('pages/list/list.js calls pp.makePayment, which needs wallet 2.40.0 or later, but baseLibraryVersion is 2.39.0.')
  })

  it('checks pages: present, non-empty, folders with their html; the entry page calls pp.init', async () => {
    expect(await findingsOf((m) => delete (m as Partial<Manifest>).pages)).toContain('error pages.missing app.json:pages')
    expect(await findingsOf((m) => (m.pages = []))).toContain('error pages.empty app.json:pages')
    expect(await findingsOf((m) => (m.pages = ['pages/start', 'pages/list', 'pages/list']))).toEqual(['warning pages.duplicate app.json:pages[2]'])
    expect(await findingsOf((m) => (m.pages = ['pages/start', '/pages/list', 'pages/list/list.html', '../x']))).toEqual([
      'error pages.path app.json:pages[1]',
      'error pages.path app.json:pages[2]',
      'error pages.path app.json:pages[3]',
      'warning page.unlisted pages/list/list.html',
      'error tabBar.pagePath app.json:tabBar.list[1].pagePath',
    ])
    expect(await findingsOf(undefined, { 'pages/list/list.html': undefined, 'pages/list/index.html': text('') })).toEqual(['error page.html app.json:pages[1]'])
    expect(await findingsOf(undefined, { 'pages/start/start.js': text('pp.getBalance({})') })).toEqual(['warning page.init pages/start/start.js'])
    expect(await findingsOf(undefined, { 'pages/extra/extra.html': text('') })).toEqual(['warning page.unlisted pages/extra/extra.html'])
  })

  it('checks window values and colours, in app.json and a page json', async () => {
    expect(
      await findingsOf((m) => {
        m.window = {
          navigationBarTextStyle: 'red',
          navigationStyle: 'hidden',
          navigationBarBackgroundColor: 'pink',
          backgroundColor: '#12345',
          enablePullDownRefresh: 'yes',
          navigationBarTitleText: 'ok',
          statusBar: true,
        }
      }),
    ).toEqual([
      'warning key.unknown app.json:window.statusBar',
      'error colour app.json:window.navigationBarBackgroundColor',
      'error colour app.json:window.backgroundColor',
      'error enum app.json:window.navigationBarTextStyle',
      'error enum app.json:window.navigationStyle',
      'error type app.json:window.enablePullDownRefresh',
    ])
    expect(await findingsOf((m) => (m.window = { navigationBarBackgroundColor: '#fff', backgroundColor: '#FF6633cc', navigationStyle: 'none' }))).toEqual([])
    expect(await findingsOf(undefined, { 'pages/list/list.json': text('{"navigationBarTextStyle": "grey"}') })).toEqual([
      'error enum pages/list/list.json:navigationBarTextStyle',
    ])
  })

  it('checks the tab bar: 2 to 5 tabs, listed pages, icons present and 24×24, no home icon', async () => {
    const tab = (page: string, icon: string) => ({ pagePath: page, text: 'T', iconPath: `images/${icon}.png`, selectedIconPath: `images/${icon}.png` })
    expect(await findingsOf((m) => (m.tabBar.list = [tab('pages/start', 'a')]))).toEqual(['error tabBar.count app.json:tabBar.list'])
    const six = await findingsOf((m) => (m.tabBar.list = Array.from({ length: 6 }, () => tab('pages/start', 'a'))))
    expect(six[0]).toBe('error tabBar.count app.json:tabBar.list')
    expect(six).toContain('warning tabBar.duplicate app.json:tabBar.list[1].pagePath')
    expect(await findingsOf((m) => (m.tabBar.list[1]!.pagePath = 'pages/other'))).toEqual(['error tabBar.pagePath app.json:tabBar.list[1].pagePath'])
    expect(await findingsOf((m) => (m.tabBar.list[1]!.iconPath = 'images/none.png'))).toEqual(['error file.missing app.json:tabBar.list[1].iconPath'])
    expect(await findingsOf((m) => delete (m.tabBar.list[1] as Partial<(typeof m.tabBar.list)[1]>).selectedIconPath)).toEqual([
      'warning tabBar.iconAbsent app.json:tabBar.list[1].selectedIconPath',
    ])
    expect(await findingsOf(undefined, { 'images/b.png': rgba(48, 48) })).toEqual(['error tabBar.iconSize images/b.png'])
    expect(await findingsOf(undefined, { 'images/b.png': text('GIF89a') })).toEqual(['error image.format images/b.png'])
    expect(await findingsOf((m) => (m.tabBar.list[0]!.iconPath = 'images/tab-Home.png'), { 'images/tab-Home.png': rgba(24, 24) })).toEqual([
      'error tabBar.homeIcon app.json:tabBar.list[0].iconPath',
    ])
    expect(await findingsOf((m) => Object.assign(m.tabBar, { selectedColor: 'red', fontSize: 3 }))).toEqual([
      'warning key.unknown app.json:tabBar.fontSize',
      'error colour app.json:tabBar.selectedColor',
    ])
  })

  it('checks previews (up to 5, 690×690, PNG or JPEG) and the header (1125×465)', async () => {
    expect(await findingsOf((m) => (m.previewImages = Array(6).fill('images/p1.png')))).toEqual(['error previews.count app.json:previewImages'])
    expect(await findingsOf(undefined, { 'images/p1.png': opaque(690, 689) })).toEqual(['error previews.size images/p1.png'])
    expect(await findingsOf(undefined, { 'images/p1.png': encodeGreyJpeg(690, 690) })).toEqual([])
    expect(await findingsOf(undefined, { 'images/p1.png': encodeGreyJpeg(700, 690) })).toEqual(['error previews.size images/p1.png'])
    expect(await findingsOf(undefined, { 'images/header.png': opaque(1125, 466) })).toEqual(['error header.size images/header.png'])
    const report = await validateMiniApp(app(undefined, { 'images/header.png': encodeGreyJpeg(1000, 400) }), 'en')
    expect(report.findings[0]!.message).toBe('The header image images/header.png is 1000×400 px: the header image is 1125×465 px.')
  })

  it('checks the app icon: 300×300 PNG without transparency', async () => {
    expect(await findingsOf((m) => delete (m as Partial<Manifest>).icon)).toEqual(['warning icon.absent app.json:icon'])
    expect(await findingsOf(undefined, { 'images/icon.png': opaque(256, 256) })).toEqual(['error icon.size images/icon.png'])
    expect(await findingsOf(undefined, { 'images/icon.png': encodeGreyJpeg(300, 300) })).toEqual(['error icon.format images/icon.png'])
    expect(await findingsOf(undefined, { 'images/icon.png': rgba(300, 300, [299, 299]) })).toEqual(['error icon.transparent images/icon.png'])
    expect(await findingsOf(undefined, { 'images/icon.png': rgba(300, 300) })).toEqual(['warning icon.alphaChannel images/icon.png'])
  })

  it('checks whitelist entries: HTTPS hosts, no IP, port or path', async () => {
    const found = await findingsOf(
      (m) =>
        (m.whiteListDomains = [
          'https://api.example.com',
          'api.example.com',
          'http://shop.example.com',
          'https://192.168.0.1',
          'https://[::1]',
          'https://api.example.com:8443',
          'https://api.example.com/v1',
          'https://localhost',
          'https://*.example.com',
          'https://user@api.example.com',
          'https://cdn.example.com/',
        ]),
    )
    expect(found).toEqual([
      'warning whiteList.duplicate app.json:whiteListDomains[1]',
      'error whiteList.scheme app.json:whiteListDomains[2]',
      'error whiteList.ip app.json:whiteListDomains[3]',
      'error whiteList.ip app.json:whiteListDomains[4]',
      'error whiteList.port app.json:whiteListDomains[5]',
      'error whiteList.path app.json:whiteListDomains[6]',
      'error whiteList.host app.json:whiteListDomains[7]',
      'error whiteList.host app.json:whiteListDomains[8]',
      'error whiteList.host app.json:whiteListDomains[9]',
    ])
    expect(parseWhiteListEntry('HTTPS://API.Example.com/')).toEqual({ host: 'api.example.com' })
  })

  it('checks permissions against the list and reports unknown keys as warnings', async () => {
    expect(await findingsOf((m) => (m.permissions = ['mini_app_kyc', 'location', 'mini_app_kyc']))).toEqual([
      'error permissions.unknown app.json:permissions[1]',
      'warning permissions.duplicate app.json:permissions[2]',
    ])
    expect(await findingsOf((m) => (m.appname = 'typo'))).toEqual(['warning key.unknown app.json:appname'])
  })

  it('speaks Japanese and English, with a fix for every finding', async () => {
    const files = app((m) => (m.tabBar.list = [m.tabBar.list[0]!]))
    const [ja] = (await validateMiniApp(files, 'ja')).findings
    const [en] = (await validateMiniApp(files, 'en')).findings
    expect(en).toMatchObject({ rule: 'tabBar.count', message: 'The tab bar has 1 tab: it needs 2 to 5.' })
    expect(ja).toMatchObject({ rule: 'tabBar.count', message: 'タブバーのタブが 1 個です：2〜5 個にしてください。' })
    expect(ja!.fix).not.toBe(en!.fix)
    expect(ja!.fix.length).toBeGreaterThan(0)
  })

  it("formats every rule's message and fix in both languages (every placeholder filled)", () => {
    const values = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? `<${name}>` : undefined), has: () => true })
    for (const lang of ['ja', 'en'] as const) {
      const i18n = miniAppI18n(lang)
      for (const [id, rule] of Object.entries(miniAppRules)) {
        for (const descriptor of [rule.message, rule.fix]) {
          const text = i18n._(descriptor.id!, values as Record<string, unknown>)
          expect(text, `${lang} ${id}`).not.toBe(descriptor.id)
          expect(text, `${lang} ${id}`).not.toMatch(/\{[a-z]+\}/i)
        }
      }
    }
  })

  it("has each rule's text of its own source in the compiled English catalog, and no browser module compiles messages", () => {
    // the English catalog keeps a message's first text: a changed message needs its msgstr changed too
    for (const rule of Object.values(miniAppRules)) for (const d of [rule.message, rule.fix]) expect(enMiniApp[d.id!]).toEqual(compileMessage(d.message!))
    // the catalogs are compiled by `lingui compile`: no module the browser bundles runs Lingui's message compiler (or
    // imports it, which put it in every page's entry chunk: docs/performance.md)
    const browserModules = ['src/web', 'src/domain', 'machines'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => join(dir, name)),
    )
    expect(browserModules.filter((path) => /from '@lingui\/message-utils/.test(readFileSync(path, 'utf8')))).toEqual([])
  })
})

describe('image reader', () => {
  it('reads PNG and JPEG dimensions', () => {
    expect(readImageInfo(opaque(31, 17))).toEqual({ format: 'png', width: 31, height: 17, mayBeTransparent: false })
    expect(readImageInfo(rgba(5, 6))).toEqual({ format: 'png', width: 5, height: 6, mayBeTransparent: true })
    expect(readImageInfo(encodeGreyJpeg(1125, 465))).toEqual({ format: 'jpeg', width: 1125, height: 465, mayBeTransparent: false })
    expect(readImageInfo(text('not an image'))).toBeUndefined()
  })

  it('finds actual transparency through every colour type, bit depth, filter and interlacing', async () => {
    const w = 13
    const h = 11
    const rgbaSamples = (transparentAt?: number) =>
      Array.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? (Math.floor(i / 4) === transparentAt ? 7 : 255) : (i * 37) % 256))
    for (const filter of [0, 1, 2, 3, 4] as const) {
      for (const interlace of [false, true]) {
        const png = (transparentAt?: number) => encodePng({ width: w, height: h, colourType: 6, samples: rgbaSamples(transparentAt), filter, interlace })
        expect(await pngHasTransparentPixel(png()), `filter ${filter} interlace ${interlace}`).toBe(false)
        expect(await pngHasTransparentPixel(png(w * h - 2)), `filter ${filter} interlace ${interlace}`).toBe(true)
      }
    }
    // 16-bit grey + alpha: 65534 is not opaque
    const grey16 = (alpha: number) =>
      encodePng({ width: 2, height: 2, colourType: 4, bitDepth: 16, samples: [1000, 65535, 2000, 65535, 3000, alpha, 0, 65535] })
    expect(await pngHasTransparentPixel(grey16(65535))).toBe(false)
    expect(await pngHasTransparentPixel(grey16(65534))).toBe(true)
    // palette (2-bit) with tRNS: transparent only when a pixel uses the transparent entry
    const palette: [number, number, number][] = [
      [0, 0, 0],
      [255, 0, 0],
      [0, 255, 0],
    ]
    const trns = Uint8Array.from([255, 255, 0])
    const indexed = (samples: number[]) => encodePng({ width: 3, height: 2, colourType: 3, bitDepth: 2, samples, palette, trns })
    expect(readImageInfo(indexed([0, 1, 1, 0, 1, 0]))?.mayBeTransparent).toBe(true)
    expect(await pngHasTransparentPixel(indexed([0, 1, 1, 0, 1, 0]))).toBe(false)
    expect(await pngHasTransparentPixel(indexed([0, 1, 1, 0, 2, 0]))).toBe(true)
    // RGB with a tRNS colour key
    const keyed = (g: number) => encodePng({ width: 1, height: 2, colourType: 2, samples: [1, 2, 3, 9, g, 9], trns: Uint8Array.from([0, 9, 0, 9, 0, 9]) })
    expect(await pngHasTransparentPixel(keyed(8))).toBe(false)
    expect(await pngHasTransparentPixel(keyed(9))).toBe(true)
    // grey 8-bit with a key
    const greyKeyed = encodePng({ width: 2, height: 1, colourType: 0, samples: [10, 20], trns: Uint8Array.from([0, 20]) })
    expect(await pngHasTransparentPixel(greyKeyed)).toBe(true)
    expect(await pngHasTransparentPixel(opaque(4, 4))).toBe(false)
  })
})

describe('helpers', () => {
  it('locates JSON errors by line and column', () => {
    expect(locateJsonError('{"a": 1}')).toBeUndefined()
    expect(locateJsonError('{"a": 1,\n "b": tru }')).toMatchObject({ line: 2, column: 10, found: ' ' })
    expect(locateJsonError('{"a": "x\\q"}')).toMatchObject({ line: 1, column: 10 })
    expect(locateJsonError('{"a": 01}')).toMatchObject({ line: 1, column: 8, found: '1' })
    expect(locateJsonError('[1, 2')).toMatchObject({ line: 1, column: 6, found: '' })
  })

  it('compares versions and gates features by the wallet version (§9)', () => {
    expect(compareVersions('2.40.0', '2.40')).toBe(0)
    expect(compareVersions('2.39.9', '2.40.0')).toBe(-1)
    expect(compareVersions('2.42.0', '2.41.10')).toBe(1)
    expect(supportsFunction('2.41.0', 'topup')).toBe(false)
    expect(supportsFunction('2.42.0', 'topup')).toBe(true)
    expect(supportsFunction('2.31.0', 'setTitle')).toBe(true)
  })
})
