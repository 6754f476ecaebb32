import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { BridgeLogEntry, StudioControls } from '../bridge/host.ts'
import { TesterControls } from './controls.tsx'
import { Findings, Inspector, inspectorJson } from './panels.tsx'

/** The studio's panels beside the phone (issue 21): the tester's controls, the bridge inspector and the findings. */

describe('panels', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

  it("tester's controls: version, outcome, forcing a §8 code on a function, installed apps, notification, reset consent", async () => {
    const user = userEvent.setup()
    const onReset = vi.fn()
    const seen: StudioControls[] = []
    function Harness() {
      const [controls, setControls] = useState<StudioControls>({
        userId: 'taro',
        appVersion: '2.42.0',
        lang: 'en',
        nextPaymentOutcome: 'success',
        forced: {},
        network: 'online',
        installedApps: [],
        hasNewNotification: false,
      })
      return (
        <TesterControls
          controls={controls}
          onChange={(next) => {
            seen.push(next)
            setControls(next)
          }}
          users={[
            { userId: 'taro', name: 'Taro Yamada', balance: 100_000 },
            { userId: 'hanako', name: 'hanako', balance: undefined },
          ]}
          usersFailed={false}
          onResetConsent={onReset}
        />
      )
    }
    render(
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>,
    )
    expect(screen.getByRole('option', { name: 'Taro Yamada (¥100,000)' })).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Wallet app version'), '2.31.0')
    await user.selectOptions(screen.getByLabelText('Next payment'), 'insufficient')
    await user.selectOptions(screen.getByLabelText('Network'), 'offline')
    await user.selectOptions(screen.getByLabelText('Bridge function'), 'getBalance')
    await user.selectOptions(screen.getByLabelText('Error code'), 'INSUFFICIENT_SCOPE')
    await user.click(screen.getByRole('button', { name: 'Force' }))
    expect(seen.at(-1)).toMatchObject({
      appVersion: '2.31.0',
      nextPaymentOutcome: 'insufficient',
      network: 'offline',
      forced: { getBalance: 'INSUFFICIENT_SCOPE' },
    })
    await user.type(screen.getByLabelText('Installed apps'), ' CakeShop:// {Enter}{Enter}jp.example.wallet')
    await user.click(screen.getByLabelText('Unread notification (pp.loadNotificationStatus)'))
    expect(seen.at(-1)).toMatchObject({ installedApps: ['CakeShop://', 'jp.example.wallet'], hasNewNotification: true })
    expect((screen.getByLabelText('Installed apps') as HTMLTextAreaElement).value).toBe(' CakeShop:// \n\njp.example.wallet')
    await user.click(screen.getByRole('button', { name: 'Remove the forced error of pp.getBalance' }))
    expect(seen.at(-1)!.forced).toEqual({})
    await user.click(screen.getByRole('button', { name: 'Reset consent' }))
    expect(onReset).toHaveBeenCalled()
  })

  it('inspector: every entry with its data, exported as JSON', async () => {
    const user = userEvent.setup()
    const entries: BridgeLogEntry[] = [
      { at: '2026-11-26T01:00:00.000Z', direction: 'call', name: 'getBalance', id: '1', params: {} },
      {
        at: '2026-11-26T01:00:00.020Z',
        direction: 'answer',
        name: 'getBalance',
        id: '1',
        error: { errorCode: 'INSUFFICIENT_SCOPE', errorMessage: 'no scope' },
        ms: 20,
      },
      { at: '2026-11-26T01:00:01.000Z', direction: 'event', name: 'shake' },
    ]
    const created: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:x'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    render(
      <I18nProvider i18n={i18n}>
        <Inspector appId="example" entries={entries} onClear={() => {}} />
      </I18nProvider>,
    )
    const list = screen.getByRole('list', { name: 'Bridge calls' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByText('INSUFFICIENT_SCOPE: no scope')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(click).toHaveBeenCalled()
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ appId: 'example', entries })
    expect(JSON.parse(inspectorJson('a', entries)).entries).toHaveLength(3)
    click.mockRestore()
  })

  it('findings: every finding with its path, message and fix', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Findings
          checked
          findings={[
            { severity: 'error', rule: 'required', path: '$.appName', message: 'appName is required', fix: 'Add appName' },
            { severity: 'warning', rule: 'unknown-key', path: '$.foo', message: 'Unknown key', fix: '' },
          ]}
        />
      </I18nProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('1 errors, 1 warnings')
    const items = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem')
    expect(items.map((i) => i.getAttribute('data-severity'))).toEqual(['error', 'warning'])
    expect(within(items[0]!).getByText('$.appName')).toBeTruthy()
    expect(within(items[0]!).getByText('Add appName')).toBeTruthy()
  })
})
