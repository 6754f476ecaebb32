import { randomUUID } from 'node:crypto'
import { call, signedCall, type Merchant } from './built-server.ts'

/**
 * What the kill -9 soak (scripts/soak-kill.ts) wrote and what the server must still show after each restart. Every
 * write is recorded before it is sent: `doubt` until an answer comes (a write cut by the kill stays in doubt: the
 * server may or may not have committed it), `acked` on a 2xx, `refused` on any other answer (nothing may change).
 * After a restart the server's own state settles each doubt; an acknowledged write it no longer shows is lost, a
 * refused one it shows is an anomaly, and every test user's balance must equal its start, plus committed top-ups,
 * minus committed payments, plus committed refunds.
 */
export type WriteState = 'doubt' | 'acked' | 'refused' | 'committed' | 'absent'

interface User {
  name: string
  id: string
  authorizationId: string
  start: number
}
interface Payment {
  mpid: string
  kind: 'code' | 'native'
  user: string
  amount: number
  paymentId?: string
  state: WriteState
  /** A code payment: its code's creation (acknowledged or not) apart from its payment. */
  code?: { codeId?: string; state: WriteState }
  month: number
}
interface Refund {
  mrid: string
  mpid: string
  amount: number
  state: WriteState
}
interface TopUp {
  user: string
  amount: number
  month: number
  state: WriteState
}

export interface Figures {
  acked: number
  lost: number
  anomalies: string[]
  unexpected5xx: number
}

const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)]
const yen = (amount: number) => ({ amount, currency: 'JPY' })
const settledAs = (ok: boolean, status: number): WriteState => (ok ? 'acked' : status >= 500 ? 'doubt' : 'refused')

/** One merchant's writes and their checks. */
export class MerchantLedger {
  users: User[] = []
  payments = new Map<string, Payment>()
  refunds = new Map<string, Refund>()
  topUps: TopUp[] = []
  /** The merchant clock's offset from real time, ms (moved a month at each cycle so that top-ups can repeat). */
  offsetMs = 0
  month = 0
  private pendingAdvance = 0

  constructor(
    readonly merchant: Merchant,
    readonly figures: Figures,
  ) {}

  private epoch = () => Math.floor((Date.now() + this.offsetMs) / 1000)
  private command = (origin: string, name: string, input: unknown) => signedCall(origin, this.merchant, 'POST', `/sandbox/api/commands/${name}`, input)

  /** Links every test user (their authorization ids) and notes their starting balances. */
  async setUp(origin: string) {
    const listed = await this.command(origin, 'list_test_users', {})
    if (listed.status !== 200) throw new Error(`list_test_users answered ${listed.status}`)
    for (const u of listed.json.data.users as { id: string; username: string; balance: number }[]) {
      const linked = await this.command(origin, 'link_test_user', { user: u.username })
      if (linked.status !== 200) throw new Error(`link_test_user answered ${linked.status} ${JSON.stringify(linked.json)}`)
      this.users.push({ name: u.username, id: u.id, authorizationId: linked.json.data.userAuthorizationId, start: u.balance })
    }
    await this.readClock(origin)
  }

  private async readClock(origin: string) {
    const clock = await signedCall(origin, this.merchant, 'GET', '/sandbox/api/clock')
    if (clock.status !== 200) throw new Error(`GET /sandbox/api/clock answered ${clock.status}`)
    return clock.json.data.nowMs - Date.now()
  }

  /** A month on the merchant's clock (top-ups are once a month per user); recorded like any write. */
  async nextMonth(origin: string) {
    const advanceMs = 32 * 24 * 60 * 60_000
    this.pendingAdvance = advanceMs
    const res = await signedCall(origin, this.merchant, 'POST', '/sandbox/api/clock', { advanceMs }).catch(() => undefined)
    if (res?.status !== 200) throw new Error(`moving the clock answered ${res?.status}`)
    this.figures.acked++
    this.offsetMs += advanceMs
    this.pendingAdvance = 0
    this.month++
  }

  /** One random write: a code created and paid, a native payment, a refund or a top-up. */
  async write(origin: string) {
    const roll = Math.random()
    if (roll < 0.35) return this.codePayment(origin)
    if (roll < 0.7) return this.nativePayment(origin)
    if (roll < 0.9) return this.refund(origin)
    return this.topUp(origin)
  }

  private async codePayment(origin: string) {
    const user = pick(this.users)!
    const p: Payment = {
      mpid: `SOAK-${randomUUID()}`,
      kind: 'code',
      user: user.name,
      amount: 1 + Math.floor(Math.random() * 300),
      state: 'doubt',
      month: this.month,
    }
    p.code = { state: 'doubt' }
    this.payments.set(p.mpid, p)
    const code = await signedCall(origin, this.merchant, 'POST', '/v2/codes', {
      merchantPaymentId: p.mpid,
      amount: yen(p.amount),
      codeType: 'ORDER_QR',
      requestedAt: this.epoch(),
    })
    this.count(code.status)
    p.code.state = settledAs(code.status === 201, code.status)
    if (code.status !== 201) return void (p.state = p.code.state === 'refused' ? 'refused' : 'doubt')
    p.code.codeId = code.json.data.codeId
    const paid = await this.command(origin, 'pay_code', { code: p.code.codeId, user: user.name })
    this.count(paid.status)
    const ok = paid.status === 200 && paid.json.data.outcome === 'success'
    p.state = settledAs(ok, paid.status)
    if (ok) p.paymentId = paid.json.data.payment.paymentId
  }

  private async nativePayment(origin: string) {
    const user = pick(this.users)!
    const p: Payment = {
      mpid: `SOAK-${randomUUID()}`,
      kind: 'native',
      user: user.name,
      amount: 1 + Math.floor(Math.random() * 300),
      state: 'doubt',
      month: this.month,
    }
    this.payments.set(p.mpid, p)
    // agreed: random small amounts repeat, and the similar-transaction rule would refuse them
    const res = await signedCall(origin, this.merchant, 'POST', '/v2/payments?agreeSimilarTransaction=true', {
      merchantPaymentId: p.mpid,
      userAuthorizationId: user.authorizationId,
      amount: yen(p.amount),
      requestedAt: this.epoch(),
    })
    this.count(res.status)
    p.state = settledAs(res.status === 201, res.status)
    if (res.status === 201) p.paymentId = res.json.data.paymentId
  }

  private refundable(p: Payment) {
    const refunded = [...this.refunds.values()].filter((r) => r.mpid === p.mpid && r.state !== 'refused' && r.state !== 'absent')
    return refunded.some((r) => r.state === 'doubt') ? 0 : p.amount - refunded.reduce((sum, r) => sum + r.amount, 0)
  }

  private async refund(origin: string) {
    // this month's payments only: a refund is refused a day after its payment, and the clock moves a month per cycle
    const candidates = [...this.payments.values()].filter((p) => p.month === this.month && p.paymentId && (p.state === 'acked' || p.state === 'committed'))
    const p = pick(candidates.slice(-50))
    const left = p ? this.refundable(p) : 0
    if (!p || left <= 0) return this.nativePayment(origin)
    const r: Refund = { mrid: `SOAK-R-${randomUUID()}`, mpid: p.mpid, amount: 1 + Math.floor(Math.random() * left), state: 'doubt' }
    this.refunds.set(r.mrid, r)
    const res = await signedCall(origin, this.merchant, 'POST', '/v2/refunds', {
      merchantRefundId: r.mrid,
      paymentId: p.paymentId,
      amount: yen(r.amount),
      requestedAt: this.epoch(),
      reason: 'soak',
    })
    this.count(res.status)
    r.state = settledAs(res.status === 200 || res.status === 201, res.status)
  }

  private async topUp(origin: string) {
    const done = new Set(this.topUps.filter((t) => t.month === this.month && t.state !== 'refused' && t.state !== 'absent').map((t) => t.user))
    const user = pick(this.users.filter((u) => !done.has(u.name)))
    if (!user) return this.nativePayment(origin)
    const t: TopUp = { user: user.name, amount: 1000 * (1 + Math.floor(Math.random() * 9)), month: this.month, state: 'doubt' }
    this.topUps.push(t)
    const path = `/sandbox/merchants/${this.merchant.id}/test-users/${encodeURIComponent(user.id)}/top-up`
    const res = await call(origin, 'POST', path, { 'content-type': 'application/x-www-form-urlencoded', origin, accept: 'text/html' }, `amount=${t.amount}`)
    this.count(res.status)
    t.state = settledAs(res.status === 303, res.status)
  }

  private count(status: number) {
    if (status >= 500) this.figures.unexpected5xx++
  }

  /** After a restart: settles every write in doubt from the server's state, finds lost writes and checks balances. */
  async verify(origin: string, sampleOld = 20) {
    const anomaly = (text: string) => this.figures.anomalies.push(`${this.merchant.id}: ${text}`)
    // the clock: an acknowledged move must have survived; one in doubt is whichever the server shows
    const offset = await this.readClock(origin)
    const slack = 10 * 60_000
    if (this.pendingAdvance && Math.abs(offset - (this.offsetMs + this.pendingAdvance)) < slack) {
      this.offsetMs += this.pendingAdvance
      this.month++
    }
    this.pendingAdvance = 0
    if (Math.abs(offset - this.offsetMs) > slack) anomaly(`clock offset ${offset} ms, expected ${this.offsetMs} ms`)

    const old = [...this.payments.values()].filter((p) => p.state === 'committed')
    const toCheck = [...[...this.payments.values()].filter((p) => p.state === 'doubt' || p.state === 'acked' || p.state === 'refused')]
    for (let i = 0; i < sampleOld && old.length; i++) toCheck.push(old[Math.floor(Math.random() * old.length)]!)
    for (const p of new Set(toCheck)) await this.settlePayment(origin, p, anomaly)
    for (const r of [...this.refunds.values()].filter((r) => r.state === 'doubt' || r.state === 'acked' || r.state === 'refused')) {
      const p = this.payments.get(r.mpid)!
      const res = await signedCall(origin, this.merchant, 'GET', `/v2/refunds/${r.mrid}?paymentId=${p.paymentId}`)
      const found = res.status === 200
      if (!found && res.status >= 500) anomaly(`refund ${r.mrid} read answered ${res.status}`)
      this.settle(r, found, `refund ${r.mrid}`, anomaly)
    }
    const listed = await this.command(origin, 'list_test_users', {})
    if (listed.status !== 200) return anomaly(`list_test_users answered ${listed.status}`)
    const users = listed.json.data.users as { username: string; balance: number; lastTopUpMonth: string | null }[]
    for (const user of this.users) {
      const now = users.find((u) => u.username === user.name)
      if (!now) {
        anomaly(`test user ${user.name} is gone`)
        continue
      }
      // once a month per user (the sandbox's rule), so at most one attempt of the month is not refused: it happened
      // when the user's last top-up month is the month on the merchant's clock
      const topUps = this.topUps.filter((t) => t.user === user.name && t.month === this.month)
      const toppedNow = now.lastTopUpMonth === jstMonthOf(Date.now() + this.offsetMs) && !topUps.some((t) => t.state === 'committed')
      for (const t of topUps.filter((t) => t.state === 'refused')) t.state = 'absent'
      for (const t of topUps.filter((t) => t.state === 'doubt' || t.state === 'acked')) this.settle(t, toppedNow, `top-up of ${t.user}`, anomaly)
      const expected =
        user.start +
        this.topUps.filter((t) => t.user === user.name && t.state === 'committed').reduce((sum, t) => sum + t.amount, 0) -
        [...this.payments.values()].filter((p) => p.user === user.name && p.state === 'committed').reduce((sum, p) => sum + p.amount, 0) +
        [...this.refunds.values()].filter((r) => r.state === 'committed' && this.payments.get(r.mpid)!.user === user.name).reduce((sum, r) => sum + r.amount, 0)
      if (now.balance !== expected) anomaly(`balance of ${user.name}: ${now.balance}, the writes add up to ${expected}`)
    }
  }

  private async settlePayment(origin: string, p: Payment, anomaly: (text: string) => void) {
    const path = p.kind === 'code' ? `/v2/codes/payments/${p.mpid}` : `/v2/payments/${p.mpid}`
    const res = await signedCall(origin, this.merchant, 'GET', path)
    if (res.status >= 500) anomaly(`payment ${p.mpid} read answered ${res.status}`)
    const status = res.status === 200 ? (res.json.data.status as string) : undefined
    if (p.code?.state === 'acked') {
      this.figures.acked++
      if (res.status !== 200) {
        this.figures.lost++
        anomaly(`code of ${p.mpid} acknowledged, now ${res.status}`)
      }
    }
    if (p.code && p.code.state !== 'refused') p.code.state = res.status === 200 ? 'committed' : 'absent'
    const paid = status === 'COMPLETED' || status === 'REFUNDED'
    if (paid && !p.paymentId) p.paymentId = res.json.data.paymentId
    if (p.state === 'committed' && !paid) {
      this.figures.lost++
      anomaly(`payment ${p.mpid} was there, now ${res.status} ${status ?? ''}`)
      return
    }
    if (p.state !== 'committed' && p.state !== 'absent') this.settle(p, paid, `payment ${p.mpid}`, anomaly)
  }

  private settle(write: { state: WriteState }, found: boolean, name: string, anomaly: (text: string) => void) {
    if (write.state === 'acked' && !found) {
      this.figures.lost++
      anomaly(`${name} acknowledged, not there after the restart`)
    }
    if (write.state === 'refused' && found) anomaly(`${name} refused, yet there after the restart`)
    if (write.state === 'acked') this.figures.acked++
    write.state = found ? 'committed' : 'absent'
  }
}

/** `YYYY-MM` in Japan time, as the sandbox counts top-up months. */
function jstMonthOf(ms: number) {
  return new Date(ms + 9 * 60 * 60_000).toISOString().slice(0, 7)
}
