import type { MiniAppManifest, MiniAppWindow } from '../src/domain/miniapp/types.ts'

/**
 * What the mini-app session (miniapp-session.machine.ts) keeps besides its states: the wallet's chrome of the page
 * shown (spec §3 window, §5 setters), the dialogs and web view it lays over the app, and what it emits to the bridge.
 */

export type NavigationStyle = 'default' | 'custom' | 'none'
export interface MiniappChrome {
  /** Set by pp.setTitle; null: the page's or the window's title. */
  title: string | null
  navigationStyle: NavigationStyle
  navigationBarBackgroundColor: string
  navigationBarTextStyle: 'white' | 'black'
  backgroundColor: string
  /** 0: the device's own brightness (pp.setScreenBrightness 0 resets). */
  brightness: number
  pullDownRefresh: boolean
}
export type MiniappDialog =
  | { id: string; kind: 'alert'; title?: string; message: string; buttons: string[] }
  | { id: string; kind: 'errorSheet'; title?: string; message: string }
  | { id: string; kind: 'updateWarning'; isMandatory: boolean }
export interface MiniappWebview {
  url: string
  style: 'modal' | 'slide' | 'external'
}
export type SessionEmitted =
  | { type: 'call.answer'; id: string; ok: boolean; result: unknown }
  | { type: 'call.run'; id: string; name: string }
  | { type: 'page'; event: 'pageWillDisappear' | 'pageWillAppear'; page?: string }
  | { type: 'dialog.answered'; id: string; value: unknown }
  | { type: 'topup.answered'; output: unknown }

/** Colours the wallet accepts: `#rgb` or `#rrggbb` (anything else: the setter does nothing, spec §5). */
export const isColour = (value: unknown): value is string => typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)

/** The well-formed values of a window (a malformed one does nothing: the page falls back to app.json's, spec §5). */
function wellFormedWindow(w: Partial<Record<keyof MiniAppWindow, unknown>> | undefined): MiniAppWindow {
  if (!w) return {}
  const out: MiniAppWindow = {}
  if (isColour(w.navigationBarBackgroundColor)) out.navigationBarBackgroundColor = w.navigationBarBackgroundColor
  if (isColour(w.backgroundColor)) out.backgroundColor = w.backgroundColor
  if (w.navigationBarTextStyle === 'white' || w.navigationBarTextStyle === 'black') out.navigationBarTextStyle = w.navigationBarTextStyle
  if (w.navigationStyle === 'default' || w.navigationStyle === 'custom' || w.navigationStyle === 'none') out.navigationStyle = w.navigationStyle
  if (typeof w.navigationBarTitleText === 'string') out.navigationBarTitleText = w.navigationBarTitleText
  if (typeof w.enablePullDownRefresh === 'boolean') out.enablePullDownRefresh = w.enablePullDownRefresh
  return out
}

type WindowSource = Pick<MiniAppManifest, 'window' | 'pageWindows'> | undefined

/**
 * The window a page is shown with (spec §3): app.json's `window`, each value overridden by the page's own json
 * (`pages/home/home.json`, the manifest's `pageWindows`) when that value is well-formed, as the wallet does.
 */
export function windowOf(manifest: WindowSource, page: string | undefined): MiniAppWindow {
  const folder = (page ?? '').split('?', 1)[0]!.replace(/^\/+|\/+$/g, '')
  return { ...wellFormedWindow(manifest?.window), ...wellFormedWindow(manifest?.pageWindows?.[folder]) }
}

/** The chrome a page opens with: its window (above) over the wallet's defaults. */
export function chromeOf(manifest: WindowSource, page: string | undefined): MiniappChrome {
  const w = windowOf(manifest, page)
  return {
    title: null,
    navigationStyle: w.navigationStyle ?? 'default',
    navigationBarBackgroundColor: w.navigationBarBackgroundColor ?? '#ffffff',
    navigationBarTextStyle: w.navigationBarTextStyle === 'white' ? 'white' : 'black',
    backgroundColor: w.backgroundColor ?? '#ffffff',
    brightness: 0,
    pullDownRefresh: w.enablePullDownRefresh === true,
  }
}

/** A dialog as a bridge function asks for it (the session gives it its id). */
export type MiniappDialogRequest = MiniappDialog extends infer D ? (D extends MiniappDialog ? Omit<D, 'id'> : never) : never
