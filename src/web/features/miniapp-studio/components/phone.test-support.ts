import type { AnyActorRef } from 'xstate'
import type { MiniAppPermission } from '@/domain/miniapp/types.ts'
import { isColour, type MiniappDialogRequest } from '@machines/miniapp-session.ts'
import type { SessionActor } from '../bridge/host.ts'

/**
 * What the bridge asks of the phone, as the studio's component tests drive it: each call sends the session the
 * event the bridge would and resolves with what the user pressed on the screen.
 */
export function phoneStore(session: () => SessionActor) {
  const send = (event: Parameters<SessionActor['send']>[0]) => session().send(event)
  const child = (id: string) => session().getSnapshot().children[id] as AnyActorRef | undefined
  const until = <T>(actor: AnyActorRef, pick: () => T | undefined) =>
    new Promise<T>((resolve) => {
      const sub = actor.subscribe({ next: check, complete: check })
      function check() {
        const value = pick()
        if (value === undefined) return
        sub.unsubscribe()
        resolve(value)
      }
    })
  const emitted = (type: 'call.answer' | 'dialog.answered' | 'topup.answered') =>
    new Promise<{ ok?: boolean; result?: unknown; value?: unknown; output?: unknown }>((resolve) => {
      const sub = session().on(type, (e) => {
        sub.unsubscribe()
        resolve(e as never)
      })
    })
  let calls = 0
  const dialog = (d: MiniappDialogRequest) => {
    const answered = emitted('dialog.answered')
    send({ type: 'screen.dialog', dialog: { id: `d${++calls}`, ...d } as never })
    return answered.then((e) => e.value)
  }
  const ui = {
    setTitle: (title: string) => send({ type: 'chrome.set', patch: { title } }),
    setNavigation: (o: { style?: 'default' | 'custom' | 'none'; backgroundColor?: string; textStyle?: 'white' | 'black' }) =>
      send({
        type: 'chrome.set',
        patch: {
          ...(o.style ? { navigationStyle: o.style } : {}),
          ...(isColour(o.backgroundColor) ? { navigationBarBackgroundColor: o.backgroundColor } : {}),
          ...(o.textStyle ? { navigationBarTextStyle: o.textStyle } : {}),
        },
      }),
    setBrightness: (brightness: number) => send({ type: 'chrome.set', patch: { brightness } }),
    setPullDownRefresh: (pullDownRefresh: boolean) => send({ type: 'chrome.set', patch: { pullDownRefresh } }),
    navigate: (o: { kind: 'navigateTo' | 'redirectTo' | 'switchTab' | 'popAll' | 'navigateBack'; page?: string; query?: string }) =>
      o.kind === 'navigateBack' ? send({ type: 'nav.back' }) : send({ type: 'nav.go', kind: o.kind, page: `${o.page ?? ''}${o.query ? `?${o.query}` : ''}` }),
    openWebview: (webview: { url: string; style: 'modal' | 'slide' | 'external' }) => send({ type: 'screen.webview', webview }),
    openSettings: () => send({ type: 'settings.open' }),
    closeApp: () => send({ type: 'app.close' }),
    async consent({ permissions }: { permissions: MiniAppPermission[] }) {
      const answered = emitted('call.answer')
      send({ type: 'pp.requestPermission', id: `p${++calls}`, permissions })
      const e = await answered
      return e.ok ? { granted: (e.result as { granted_permissions: MiniAppPermission[] }).granted_permissions } : 'cancelled'
    },
    payment(input: { title: string; amount: number; balance: number }) {
      send({ type: 'screen.payment', input: { appName: 'Cake shop', ...input } })
      const actor = child('payment')!
      return until(actor, () => (actor.getSnapshot().matches('processing') ? 'pay' : actor.getSnapshot().status === 'done' ? 'cancel' : undefined))
    },
    completion(result: { appName: string; amount: number; status: string; orderId: string; cashback?: number }) {
      const actor = child('payment')!
      actor.send({ type: 'payment.result', ...result })
      return until(actor, () => (actor.getSnapshot().status === 'done' ? true : undefined))
    },
    topup(input: { balance: number; fixedAmounts: number[] }) {
      const answered = emitted('topup.answered')
      send({ type: 'screen.topup', input })
      return answered.then((e) => e.output)
    },
    alert: (o: { title?: string; message: string; buttons?: string[] }) => dialog({ kind: 'alert', buttons: [], ...o }),
    errorSheet: (o: { title?: string; message: string }) => dialog({ kind: 'errorSheet', ...o }),
    showUpdateWarning: (o: { isMandatory: boolean }) => dialog({ kind: 'updateWarning', ...o }),
  }
  return { ui, abortPayment: () => child('payment')?.send({ type: 'payment.abort' }) }
}
