import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages as enMessages } from '../../../../../locales/en/lab.ts'
import { messages as jaMessages } from '../../../../../locales/ja/lab.ts'
import type { LabEndpointView } from '../api.ts'
import { noEdits } from '../request-edit.ts'
import { useTestPanel } from '../use-test-panel.ts'
import { TestPanel } from './test-panel.tsx'

// the answer's "Explain this code" link needs no router here
vi.mock('@/web/ui/internal-link.tsx', () => ({
  InternalLink: ({ href, children }: { href: string; children: unknown }) => <a href={href}>{children as never}</a>,
}))

const credentials = { apiKey: 'a_key', apiSecret: 'c2VjcmV0', merchantId: 'm1', accessToken: 'at' }
const endpoints = [
  { id: 'postCodes', method: 'POST', demoPath: '/v2/postCodes', sandboxPath: '/v2/codes', name: 'Create a QR code', scenarios: [] },
] as unknown as LabEndpointView[]

function Panel() {
  const [edits, setEdits] = useState(noEdits)
  const [snapshot, send] = useTestPanel({ model: 'webcashier', selectedModels: ['webcashier'], credentials, edits })
  return <TestPanel snapshot={snapshot} send={send} endpoints={endpoints} credentials={credentials} edits={edits} onEdits={setEdits} />
}

const sent: { url: string; body: Record<string, unknown> }[] = []
let answer: (value: Response) => void = () => {}

beforeEach(() => {
  sent.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) })
      return new Promise<Response>((resolve) => (answer = resolve))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const show = (locale: 'en' | 'ja') => {
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? enMessages : jaMessages })
  return render(
    <I18nProvider i18n={i18n}>
      <Panel />
    </I18nProvider>,
  )
}

describe('the lab test panel (issue 20 "Lab")', () => {
  it('checks the amount before sending and sends the typed amount; Run is busy until the answer, which is scrolled into view', async () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    show('en')
    const amount = screen.getByLabelText('Amount (yen)')
    fireEvent.change(amount, { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(screen.getByText('The amount must be at least 1 yen.')).toBeTruthy()
    expect(sent).toHaveLength(0)
    fireEvent.change(amount, { target: { value: '２５００' } })
    expect(screen.queryByText('The amount must be at least 1 yen.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    const busy = await screen.findByRole('button', { name: 'Running…' })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body.amount).toEqual({ amount: 2500, currency: 'JPY' })
    expect(scrolled).not.toHaveBeenCalled()
    await act(async () => answer(new Response('{"resultInfo":{"code":"SUCCESS"},"data":{"codeId":"c1"}}', { status: 201 })))
    const run = await screen.findByRole('button', { name: 'Run' })
    expect(run.getAttribute('aria-busy')).toBe('false')
    await waitFor(() => expect(scrolled).toHaveBeenCalled())
    expect((scrolled.mock.contexts.at(-1) as Element).className).toBe('lab-call')
  })

  it('edits the body, says in Japanese what the schema refuses, and sends the edited body as written', async () => {
    show('ja')
    fireEvent.click(screen.getByRole('button', { name: 'リクエストボディを編集' }))
    const body = screen.getByLabelText<HTMLTextAreaElement>('リクエストボディ（JSON）')
    const built = JSON.parse(body.value) as Record<string, unknown>
    expect(built.codeType).toBe('ORDER_QR')
    fireEvent.change(body, { target: { value: '{ "amount": ' } })
    fireEvent.click(screen.getByRole('button', { name: '実行' }))
    expect(screen.getByText('ボディが正しい JSON ではありません。')).toBeTruthy()
    const { merchantPaymentId: _, ...withoutId } = built
    fireEvent.change(body, { target: { value: JSON.stringify({ ...withoutId, amount: { amount: 1.5, currency: 'JPY' } }) } })
    const issues = [...document.querySelectorAll('#lab-body-issues li')].map((li) => li.textContent)
    expect(issues).toEqual(['merchantPaymentId は必須です。', 'amount.amount は整数で指定してください。'])
    expect(body.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toHaveLength(0)
    fireEvent.change(body, { target: { value: JSON.stringify({ ...built, orderDescription: '手で書いた注文' }) } })
    fireEvent.click(screen.getByRole('button', { name: '実行' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toEqual({ ...built, orderDescription: '手で書いた注文' })
    await act(async () => answer(new Response('{}', { status: 201 })))
  })
})
