import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewKeyStep } from './new-key-step.tsx'

const key = { merchantId: '123456789012345678', apiKey: 'a_second_ab12', apiSecret: 'c2VjcmV0LXNlY3JldA==', createdAt: '2026-11-21T06:00:00.000Z' }

function renderStep(props: Partial<Parameters<typeof NewKeyStep>[0]> = {}) {
  const onDone = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <NewKeyStep {...key} onDone={onDone} {...props} />
    </I18nProvider>,
  )
  return { onDone }
}

beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
afterEach(() => vi.restoreAllMocks())

describe('new-key screen', () => {
  it('says the key is being created until the pair arrives', () => {
    renderStep({ apiKey: null, apiSecret: null, createdAt: null })
    expect(screen.getByRole('status').textContent).toBe('Creating a new API key…')
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull()
  })

  it('shows the key id and secret once, and downloads them as a JSON file', async () => {
    const { onDone } = renderStep()
    expect(screen.getByText(key.apiKey)).toBeTruthy()
    expect(screen.getByText(key.apiSecret)).toBeTruthy()
    let blob: Blob | undefined
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:key'))
    URL.revokeObjectURL = vi.fn()
    const saved: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Download' }))
    expect(saved[0]?.download).toBe('paylab-sandbox-key-a_second_ab12.json')
    expect(JSON.parse(await blob!.text())).toEqual({ merchant_id: key.merchantId, api_key: key.apiKey, api_secret: key.apiSecret, created_at: key.createdAt })
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onDone).toHaveBeenCalledOnce()
  })
})
