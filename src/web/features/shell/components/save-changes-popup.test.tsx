import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { askToSaveChanges } from '@/web/lib/events.ts'
import { SaveChangesPopup } from './save-changes-popup.tsx'

// jsdom has no modal dialogs yet: the platform part (open attribute, close event) is shimmed here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
})

function renderPopup() {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  return render(
    <I18nProvider i18n={i18n}>
      <button type="button">Edit settings</button>
      <SaveChangesPopup />
    </I18nProvider>,
  )
}

describe('save-changes popup (spec §2)', () => {
  it('keeps the edits (stays) when no shell is listening', async () => {
    await expect(askToSaveChanges()).resolves.toBe('stay')
  })

  it('asks, resolves save on Save, stay on Cancel, discard only on Discard changes, and returns focus', async () => {
    const user = userEvent.setup()
    renderPopup()
    const opener = screen.getByRole('button', { name: 'Edit settings' })
    opener.focus()

    let answer!: Promise<string>
    act(() => {
      answer = askToSaveChanges()
    })
    expect(await screen.findByRole('heading', { name: 'Would you like to save the changes' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await expect(answer).resolves.toBe('save')
    expect(screen.queryByRole('heading', { name: 'Would you like to save the changes' })).toBeNull()
    // focus goes back in an effect after the commit (Preact runs effects after paint)
    await waitFor(() => expect(document.activeElement).toBe(opener))

    act(() => {
      answer = askToSaveChanges()
    })
    // issue 20: Cancel keeps the person on the page with the edits
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    await expect(answer).resolves.toBe('stay')

    act(() => {
      answer = askToSaveChanges()
    })
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }))
    await expect(answer).resolves.toBe('discard')
  })
})
