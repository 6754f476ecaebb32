import { act, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { manifest, renderPhone } from './phone-harness.test-support.tsx'

/**
 * The wallet's screens over the phone as a tester sees them (issue 21, spec §2 "Mini-app screens"): what each
 * StudioUi call shows and what pressing its buttons answers to the bridge host.
 */

describe("the wallet's screens", () => {
  it('consent: every scope at once, Agree only after scrolling to the end, a switched-off scope is denied', async () => {
    const { store, phone, user } = renderPhone()
    // a consent text longer than its box: Agree waits for the end
    const sizes = { scrollHeight: 600, clientHeight: 200 }
    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => sizes.scrollHeight)
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => sizes.clientHeight)
    let answer: unknown
    act(() => void store.ui.consent({ permissions: manifest.permissions! }).then((a) => (answer = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Permission request' })
    expect(
      within(sheet)
        .getAllByRole('switch')
        .map((s) => (s as HTMLInputElement).checked),
    ).toEqual([true, true, true])
    const agree = within(sheet).getByRole('button', { name: 'Agree and continue' }) as HTMLButtonElement
    expect(agree.disabled).toBe(true)
    await user.click(within(sheet).getByRole('switch', { name: 'Phone number' }))
    const box = within(sheet).getByTestId('consent-scroll')
    box.scrollTop = 400
    act(() => void box.dispatchEvent(new Event('scroll')))
    expect(agree.disabled).toBe(false)
    await user.click(agree)
    expect(answer).toEqual({ granted: ['mini_app_user_name', 'mini_app_payment_balance'] })
    expect(within(phone).queryByRole('dialog')).toBeNull()
    scrollHeight.mockRestore()
    clientHeight.mockRestore()
  })

  it('consent: Cancel answers cancelled', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.consent({ permissions: ['mini_app_user_name'] }).then((a) => (answer = a)))
    await user.click(within(phone).getByRole('button', { name: 'Cancel' }))
    expect(answer).toBe('cancelled')
  })

  it('payment then completion: title, amount with tax, balance as the only method, Pay; then status, order id and close', async () => {
    const { store, phone, user } = renderPhone()
    let paid: unknown
    act(() => void store.ui.payment({ title: 'Strawberry shortcake', amount: 500, balance: 100_000 }).then((a) => (paid = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Payment' })
    expect(within(sheet).getByText('Strawberry shortcake')).toBeTruthy()
    expect(within(sheet).getByTestId('payment-amount').textContent).toContain('¥500')
    expect(within(sheet).getAllByRole('radio')).toHaveLength(1)
    expect(within(sheet).getByText('PayLab balance ¥100,000')).toBeTruthy()
    await user.click(within(sheet).getByRole('button', { name: 'Pay ¥500' }))
    expect(paid).toBe('pay')
    expect((within(sheet).getByRole('button', { name: 'Paying…' }) as HTMLButtonElement).disabled).toBe(true)
    let closed = false
    act(() => void store.ui.completion({ appName: 'Cake shop', amount: 500, status: 'Success', orderId: 'ord-77', cashback: 5 }).then(() => (closed = true)))
    const done = within(phone).getByRole('dialog', { name: 'Payment result' })
    expect(within(done).getByTestId('completion-status').textContent).toBe('Success')
    expect(within(done).getByTestId('completion-amount').textContent).toBe('¥500')
    expect(within(done).getByTestId('completion-order').textContent).toBe('ord-77')
    expect(within(done).getByText('Cashback ¥5 is on its way')).toBeTruthy()
    expect(within(done).getByText('Cake shop')).toBeTruthy()
    await user.click(within(done).getAllByRole('button', { name: 'Close' })[1]!)
    expect(closed).toBe(true)
    expect(within(phone).queryByRole('dialog')).toBeNull()
  })

  it('payment: close answers cancel; an error answer of makePayment takes the waiting screen away', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.payment({ title: 'Cake', amount: 500, balance: 100 }).then((a) => (answer = a)))
    expect(within(phone).getByText('Your balance is less than the amount.')).toBeTruthy()
    await user.click(within(phone).getByRole('button', { name: 'Close' }))
    expect(answer).toBe('cancel')
    act(() => void store.ui.payment({ title: 'Cake', amount: 500, balance: 1_000 }))
    await user.click(within(phone).getByRole('button', { name: 'Pay ¥500' }))
    act(() => store.abortPayment())
    expect(within(phone).queryByRole('dialog')).toBeNull()
  })

  it('top-up: refuses 0 with a message, charges a fixed amount', async () => {
    const { store, phone, user } = renderPhone()
    let answer: unknown
    act(() => void store.ui.topup({ balance: 2_000, fixedAmounts: [1_000, 5_000] }).then((a) => (answer = a)))
    const sheet = within(phone).getByRole('dialog', { name: 'Top up' })
    await user.type(within(sheet).getByLabelText('Amount (yen)'), '0')
    await user.click(within(sheet).getByRole('button', { name: 'Charge' }))
    expect(within(sheet).getByText('Enter at least ¥1.')).toBeTruthy()
    await user.click(within(sheet).getByRole('button', { name: '¥5,000' }))
    await user.click(within(sheet).getByRole('button', { name: 'Charge' }))
    expect(answer).toEqual({ amount: 5_000 })
  })

  it('alert answers the index of the button pressed; error sheet and update warning answer too', async () => {
    const { store, phone, user } = renderPhone()
    let index: unknown
    act(() => void store.ui.alert({ title: 'Hello', message: 'Pick one', buttons: ['No', 'Yes'] }).then((i) => (index = i)))
    await user.click(within(phone).getByRole('button', { name: 'Yes' }))
    expect(index).toBe(1)
    let sheetClosed = false
    act(() => void store.ui.errorSheet({ message: 'Something failed' }).then(() => (sheetClosed = true)))
    expect(within(phone).getByRole('alert').textContent).toBe('Something failed')
    await user.click(within(phone).getByRole('button', { name: 'OK' }))
    expect(sheetClosed).toBe(true)
    let choice: unknown
    act(() => void store.ui.showUpdateWarning({ isMandatory: true }).then((c) => (choice = c)))
    expect(within(phone).queryByRole('button', { name: 'Later' })).toBeNull() // mandatory: no way around it
    await user.click(within(phone).getByRole('button', { name: 'Update' }))
    expect(choice).toBe('update')
  })
})
