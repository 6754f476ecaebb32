import type { AnyActorRef } from 'xstate'
import type { MiniAppPermission } from '@/domain/miniapp/types.ts'
import type { BridgeHost } from './host.ts'

/**
 * A tester at the studio's phone for the bridge tests: whenever the session opens a screen (consent, payment and
 * completion, top-up, a dialog), `ui` says what to press and the tester presses it on the screen's machine.
 */
export interface ScreenAnswers {
  consent(o: { permissions: MiniAppPermission[] }): Promise<{ granted: readonly MiniAppPermission[] } | 'cancelled'>
  payment(o: { title: string; amount: number; balance: number }): Promise<'pay' | 'cancel'>
  completion(o: { appName: string; amount: number; status: string; orderId: string }): Promise<void>
  topup(o: { balance: number; fixedAmounts: number[] }): Promise<{ amount: number } | 'cancelled'>
  alert(o: unknown): Promise<number>
  errorSheet(o: unknown): Promise<void>
  showUpdateWarning(o: unknown): Promise<'update' | 'later'>
}

export function driveScreens(host: BridgeHost, ui: ScreenAnswers) {
  const seen = new WeakSet<AnyActorRef>()
  const dialogs = new Set<string>()
  const look = () => {
    const session = host.session()
    const snapshot = session.getSnapshot()
    const { consent, payment, topup } = snapshot.children as Record<string, AnyActorRef | undefined>
    if (consent && !seen.has(consent)) {
      seen.add(consent)
      const { permissions } = consent.getSnapshot().context as { permissions: MiniAppPermission[] }
      void ui.consent({ permissions }).then((answer) => {
        if (answer === 'cancelled') return consent.send({ type: 'consent.cancel' })
        for (const p of permissions) if (!answer.granted.includes(p)) consent.send({ type: 'consent.toggle', permission: p })
        consent.send({ type: 'consent.scrolledToEnd' })
        consent.send({ type: 'consent.agree' })
      })
    }
    if (payment && !seen.has(payment)) {
      seen.add(payment)
      const { title, amount, balance } = payment.getSnapshot().context as { title: string; amount: number; balance: number }
      void ui.payment({ title, amount, balance }).then((choice) => payment.send({ type: choice === 'pay' ? 'payment.pay' : 'payment.cancel' }))
      let shown = false
      payment.subscribe((s) => {
        if (shown || !s.matches('completed')) return
        shown = true
        const c = s.context as { appName: string; amount: number; status: string; orderId: string }
        void ui.completion({ appName: c.appName, amount: c.amount, status: c.status, orderId: c.orderId }).then(() => payment.send({ type: 'payment.close' }))
      })
    }
    if (topup && !seen.has(topup)) {
      seen.add(topup)
      const { balance, fixedAmounts } = topup.getSnapshot().context as { balance: number; fixedAmounts: number[] }
      void ui.topup({ balance, fixedAmounts }).then((answer) => {
        if (answer === 'cancelled') return topup.send({ type: 'topup.cancel' })
        topup.send({ type: 'topup.pick', amount: answer.amount })
        topup.send({ type: 'topup.charge' })
      })
    }
    const dialog = snapshot.context.dialog
    if (dialog && !dialogs.has(dialog.id)) {
      dialogs.add(dialog.id)
      const { id: _id, ...shown } = dialog
      const asked = dialog.kind === 'alert' ? ui.alert(shown) : dialog.kind === 'errorSheet' ? ui.errorSheet(shown) : ui.showUpdateWarning(shown)
      void asked.then((value: unknown) => session.send({ type: 'dialog.answer', value }))
    }
  }
  let stop = () => {}
  const attach = () => {
    stop()
    const sub = host.session().subscribe(look)
    stop = () => sub.unsubscribe()
    look()
  }
  host.subscribe(attach)
  attach()
}
