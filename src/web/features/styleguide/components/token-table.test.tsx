import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tokensWithPrefix } from '../tokens.ts'
import { TokenTable } from './token-table.tsx'

// vitest does not load CSS, not even `?raw`: hand tokens.ts the real file, as the bundler does
vi.mock('@/web/ui/tokens.css?raw', async () => ({ default: (await import('node:fs')).readFileSync('src/web/ui/tokens.css', 'utf8') }))

describe('the token table', () => {
  const writeText = vi.fn(async (_text: string) => undefined)
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  })
  afterEach(() => writeText.mockClear())

  it('shows every colour token of ui/tokens.css with its value', () => {
    const source = readFileSync('src/web/ui/tokens.css', 'utf8')
    const declared = [...source.matchAll(/(--color-[a-z-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()])
    render(
      <I18nProvider i18n={i18n}>
        <TokenTable caption="Colour tokens" items={tokensWithPrefix('--color-')} preview={() => null} />
      </I18nProvider>,
    )
    const table = screen.getByRole('table', { name: 'Colour tokens' })
    expect(within(table).getAllByRole('row')).toHaveLength(declared.length + 1)
    for (const [name, value] of declared) {
      const row = within(table).getByRole('rowheader', { name: name! }).closest('tr')!
      expect(row.textContent).toContain(value)
    }
  })

  it('copies a token value and says so until the feedback time has passed', () => {
    vi.useFakeTimers()
    try {
      render(
        <I18nProvider i18n={i18n}>
          <TokenTable caption="Spacing tokens" items={tokensWithPrefix('--space-')} preview={() => null} />
        </I18nProvider>,
      )
      const button = screen.getByRole('button', { name: 'Copy the value of --space-2' })
      fireEvent.click(button)
      expect(writeText).toHaveBeenCalledWith('16px')
      expect(button.textContent).toBe('Copied')
      expect(button.getAttribute('aria-label')).toBe('Copied')
      // the other buttons are untouched
      expect(screen.getByRole('button', { name: 'Copy the value of --space-1' }).textContent).toBe('Copy')
      act(() => vi.advanceTimersByTime(2000))
      expect(screen.getByRole('button', { name: 'Copy the value of --space-2' }).textContent).toBe('Copy')
    } finally {
      vi.useRealTimers()
    }
  })
})
