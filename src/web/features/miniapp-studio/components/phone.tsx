import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useRef, useState, type RefObject } from 'react'
import type { MiniAppManifest } from '@/domain/miniapp/types.ts'
import { Button } from '@/web/ui/button.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import { PhoneFrame } from '@/web/ui/phone-frame.tsx'
import { windowOf, type SessionActor } from '../bridge/host.ts'
import { pagePath, pageUrl } from '../pages.ts'
import { ConsentSheet, DialogSheet, PaymentSheet, permissionNames, TopupSheet, WebviewScreen } from './sheets.tsx'

/**
 * The wallet around a mini app (spec §2 navigation bar and menu, §3 window and tabBar): the navigation bar (back,
 * screen name, notification centre, the mandatory menu, close), the app's page in a sandboxed iframe on an opaque
 * origin of its own (no allow-same-origin: it can never read the portal's storage, cookies or tokens), the tab bar,
 * pull-down refresh, the brightness the app asked for drawn over the screen, and the wallet's own screens on top.
 * Everything it shows is the session's (machines/miniapp-session.machine.ts), read with selectors; what the user
 * presses goes to the session as events.
 */

/** The session's screen children by their invoke id (XState types children by source, not by id). */
type ScreenActor<K extends 'consent' | 'payment' | 'topup'> = Parameters<
  { consent: typeof ConsentSheet; payment: typeof PaymentSheet; topup: typeof TopupSheet }[K]
>[0]['sheet']['actor']

type MenuPanel = 'menu' | 'details' | 'settings' | 'share' | 'guide' | 'help' | 'notifications' | null

export interface PhoneProps {
  appId: string
  manifest: MiniAppManifest
  session: SessionActor
  frameRef: RefObject<HTMLIFrameElement | null>
  /** The frame has loaded its page (pageWillAppear). */
  onPageLoad: () => void
  onEvent: (event: 'pullDownRefresh' | 'shake') => void
  /** "Open again" after the app was closed: a new session. */
  onReopen: () => void
  /** The tester's "unread notification" (what pp.loadNotificationStatus answers): a red dot and an entry in the centre. */
  hasNewNotification?: boolean
}

export function Phone({ appId, manifest, session, frameRef, onPageLoad, onEvent, onReopen, hasNewNotification }: PhoneProps) {
  const { t, i18n } = useLingui()
  const context = useSelector(session, (s) => s.context)
  const closed = useSelector(session, (s) => s.status === 'done')
  const children = useSelector(session, (s) => s.children)
  const state = { ...context.chrome, stack: context.stack, closed, settingsAsked: context.settingsAsked }
  const granted = context.answered.length ? context.granted : undefined
  const send = session.send.bind(session)
  const [panel, setPanel] = useState<MenuPanel>(null)
  // pp.openAppSettings: the menu's Settings (granted scopes, revoke, clear authorisation data)
  const [settingsSeen, setSettingsSeen] = useState(state.settingsAsked)
  if (settingsSeen !== state.settingsAsked) {
    setSettingsSeen(state.settingsAsked)
    setPanel('settings')
  }
  const [refreshing, setRefreshing] = useState(false)
  const pull = useRef<{ y: number; pulled: boolean } | null>(null)
  const page = state.stack.at(-1) ?? manifest.pages[0] ?? ''
  const tabs = manifest.tabBar?.list ?? []
  const onTab = tabs.some((tab) => tab.pagePath === pagePath(page))
  // pp.setTitle, else the page's own json, else app.json's window, else the app's name
  const title = state.title ?? windowOf(manifest, page).navigationBarTitleText ?? manifest.appName
  const barStyle = {
    background: state.navigationStyle === 'default' ? state.navigationBarBackgroundColor : 'transparent',
    color: state.navigationBarTextStyle === 'white' ? '#fff' : '#111',
  }
  const asset = (path: string | undefined) => (path ? `/miniapp-run/${encodeURIComponent(appId)}/${path.replace(/^\/+/, '')}` : undefined)

  const refresh = () => {
    onEvent('pullDownRefresh')
    setRefreshing(true)
    window.setTimeout(() => setRefreshing(false), 800)
  }

  const menuItems: Array<{ id: Exclude<MenuPanel, 'menu' | 'notifications' | null>; label: string }> = [
    { id: 'details', label: t`Details` },
    { id: 'settings', label: t`Settings` },
    { id: 'share', label: t`Share` },
    { id: 'guide', label: t`Guide` },
    { id: 'help', label: t`Help` },
  ]

  return (
    <div className="studio-phone-wrap">
      <PhoneFrame label={t`Mini app phone`} className="studio-phone" screen={closed ? 'closed' : screenOf(children, context.dialog?.kind, context.webview)}>
        <div className="studio-phone__screen" style={{ background: state.backgroundColor }}>
          {state.closed ? (
            <div className="studio-phone__closed">
              <p>
                <Trans>{manifest.appName} was closed.</Trans>
              </p>
              <Button onClick={onReopen}>
                <Trans>Open again</Trans>
              </Button>
            </div>
          ) : (
            <>
              <header className={`studio-nav studio-nav--${state.navigationStyle}`} style={barStyle} data-testid="studio-nav">
                {state.navigationStyle !== 'none' && state.stack.length > 1 ? (
                  <button type="button" className="studio-nav__icon" onClick={() => send({ type: 'nav.back' })} aria-label={t`Back`}>
                    <span aria-hidden="true">‹</span>
                  </button>
                ) : (
                  <span className="studio-nav__spacer" />
                )}
                {state.navigationStyle === 'default' && (
                  <h2 className="studio-nav__title" data-testid="studio-title">
                    {title}
                  </h2>
                )}
                <div className="studio-nav__capsule">
                  <button
                    type="button"
                    className="studio-nav__icon studio-nav__bell"
                    onClick={() => setPanel('notifications')}
                    aria-label={hasNewNotification ? t`Notification centre (unread)` : t`Notification centre`}
                  >
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20h4" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                    {hasNewNotification && <span className="studio-nav__dot" aria-hidden="true" data-testid="notification-dot" />}
                  </button>
                  <button type="button" className="studio-nav__icon" onClick={() => setPanel('menu')} aria-label={t`Menu`} aria-haspopup="dialog">
                    <span aria-hidden="true">•••</span>
                  </button>
                  <button type="button" className="studio-nav__icon" onClick={() => send({ type: 'app.close' })} aria-label={t`Close the mini app`}>
                    <Icon name="close" size={18} />
                  </button>
                </div>
              </header>
              {state.pullDownRefresh && (
                <button
                  type="button"
                  className={`studio-pull${refreshing ? ' studio-pull--active' : ''}`}
                  onClick={refresh}
                  onPointerDown={(e) => (pull.current = { y: e.clientY, pulled: false })}
                  onPointerMove={(e) => {
                    if (pull.current && !pull.current.pulled && e.clientY - pull.current.y > 40) {
                      pull.current.pulled = true
                      refresh()
                    }
                  }}
                  onPointerUp={() => (pull.current = null)}
                >
                  {refreshing ? <Trans>Refreshing…</Trans> : <Trans>Pull down to refresh</Trans>}
                </button>
              )}
              <iframe
                key={`${session.sessionId}-${context.loads}`}
                ref={frameRef}
                className="studio-phone__frame"
                title={t`Mini app page ${pagePath(page)}`}
                sandbox="allow-scripts allow-forms"
                src={pageUrl(appId, page)}
                onLoad={onPageLoad}
              />
              {onTab && tabs.length > 0 && (
                <nav
                  className="studio-tabs"
                  aria-label={t`Tab bar`}
                  style={{ background: manifest.tabBar?.backgroundColor, color: manifest.tabBar?.textColor }}
                >
                  {tabs.map((tab) => {
                    const current = tab.pagePath === pagePath(page)
                    const icon = asset(current ? (tab.selectedIconPath ?? tab.iconPath) : tab.iconPath)
                    return (
                      <button
                        key={tab.pagePath}
                        type="button"
                        className="studio-tabs__tab"
                        aria-current={current ? 'page' : undefined}
                        style={current && manifest.tabBar?.selectedColor ? { color: manifest.tabBar.selectedColor } : undefined}
                        onClick={() => !current && send({ type: 'nav.go', kind: 'switchTab', page: tab.pagePath })}
                      >
                        {icon && <img src={icon} alt="" width={24} height={24} />}
                        <span>{tab.text}</span>
                      </button>
                    )
                  })}
                </nav>
              )}
              {state.brightness > 0 && (
                <div className="studio-phone__dim" style={{ opacity: (1 - state.brightness) * 0.7 }} aria-hidden="true" data-testid="brightness-overlay" />
              )}
            </>
          )}
          {panel && !state.closed && (
            <div className="studio-sheet studio-sheet--menu" role="dialog" aria-modal="true" aria-label={t`Menu`} data-sheet={`menu-${panel}`}>
              <div className="studio-sheet__head">
                {panel !== 'menu' && panel !== 'notifications' ? (
                  <button type="button" className="studio-sheet__close" onClick={() => setPanel('menu')} aria-label={t`Back to the menu`}>
                    <span aria-hidden="true">‹</span>
                  </button>
                ) : null}
                <h3 className="studio-sheet__title">
                  {panel === 'notifications' ? t`Notifications` : panel === 'menu' ? manifest.appName : menuItems.find((m) => m.id === panel)?.label}
                </h3>
                <button type="button" className="studio-sheet__close" onClick={() => setPanel(null)} aria-label={t`Close`}>
                  <Icon name="close" size={20} />
                </button>
              </div>
              <div className="studio-sheet__body">
                {panel === 'notifications' && (
                  <p>{hasNewNotification ? <Trans>{manifest.appName} has a new notification.</Trans> : <Trans>No notifications.</Trans>}</p>
                )}
                {panel === 'menu' && (
                  <>
                    <div className="studio-menu__service">
                      {manifest.icon ? <img src={asset(manifest.icon)} alt="" width={40} height={40} /> : <Icon name="grid" size={32} />}
                      <strong>{manifest.appName}</strong>
                    </div>
                    <ul className="studio-menu__list">
                      {menuItems.map((item) => (
                        <li key={item.id}>
                          <button type="button" onClick={() => setPanel(item.id)}>
                            {item.label}
                            <Icon name="chevron-right" size={16} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {panel === 'details' && (
                  <dl className="studio-menu__facts">
                    <dt>{t`Service`}</dt>
                    <dd>{manifest.appName}</dd>
                    <dt>{t`Version`}</dt>
                    <dd>{manifest.version}</dd>
                    <dt>{t`Base library`}</dt>
                    <dd>{manifest.baseLibraryVersion}</dd>
                    <dt>{t`App ID`}</dt>
                    <dd>{appId}</dd>
                  </dl>
                )}
                {panel === 'settings' && (
                  <div data-testid="menu-settings">
                    {granted === undefined ? (
                      <p>
                        <Trans>You have not been asked for consent yet.</Trans>
                      </p>
                    ) : (
                      <ul className="studio-menu__list">
                        {(manifest.permissions ?? []).map((p) => (
                          <li key={p}>
                            <label className="studio-consent__scope">
                              <input
                                type="checkbox"
                                role="switch"
                                className="ui-switch"
                                checked={granted.includes(p)}
                                disabled={!granted.includes(p)}
                                onChange={() => send({ type: 'consent.revoke', permission: p })}
                              />
                              <span>{i18n._(permissionNames[p])}</span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    )}
                    <Button variant="secondary" size="small" onClick={() => send({ type: 'consent.clear' })}>
                      <Trans>Clear authorisation data</Trans>
                    </Button>
                  </div>
                )}
                {panel === 'share' && (
                  <p>
                    <Trans>On a phone, the share sheet offers a link to {manifest.appName}.</Trans>
                  </p>
                )}
                {panel === 'guide' && (
                  <p>
                    <Trans>On a phone, this opens the service's guide page.</Trans>
                  </p>
                )}
                {panel === 'help' && (
                  <p>
                    <Trans>On a phone, this opens PayLab's help for mini apps.</Trans>
                  </p>
                )}
              </div>
            </div>
          )}
          {children.consent && <ConsentSheet key={children.consent.id} sheet={{ actor: children.consent as ScreenActor<'consent'> }} />}
          {children.payment && (
            <PaymentSheet key={children.payment.id} sheet={{ actor: children.payment as ScreenActor<'payment'> }} appIcon={asset(manifest.icon)} />
          )}
          {children.topup && <TopupSheet key={children.topup.id} sheet={{ actor: children.topup as ScreenActor<'topup'> }} />}
          {context.webview && context.webview.style !== 'external' && (
            <WebviewScreen key={context.webview.url} sheet={context.webview} onClose={() => send({ type: 'webview.close' })} />
          )}
          {context.dialog && <DialogSheet key={context.dialog.id} dialog={context.dialog} onAnswer={(value) => send({ type: 'dialog.answer', value })} />}
          {context.webview?.style === 'external' && <DialogSheet webview={context.webview} onAnswer={() => send({ type: 'webview.close' })} />}
        </div>
        {state.brightness > 0 && (
          <p className="studio-phone__badge" data-testid="brightness-badge">
            <Trans>Brightness {Math.round(state.brightness * 100)}%</Trans>
          </p>
        )}
      </PhoneFrame>
      <div className="studio-phone__hardware">
        <Button variant="secondary" size="small" onClick={() => onEvent('shake')}>
          <Trans>Shake</Trans>
        </Button>
        {state.pullDownRefresh && (
          <Button variant="ghost" size="small" onClick={refresh}>
            <Trans>Pull down</Trans>
          </Button>
        )}
      </div>
    </div>
  )
}

/** What the phone shows over the app (the PhoneFrame's `screen`, read by the browser tests). */
function screenOf(children: Record<string, unknown>, dialog: string | undefined, webview: { style: string } | null): string {
  if (children.consent) return 'consent'
  if (children.payment) return 'payment'
  if (children.topup) return 'topup'
  return dialog ?? (webview ? 'webview' : 'app')
}
