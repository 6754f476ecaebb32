import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fieldRows, parameterRows } from '../schema.ts'
import { ParamTable } from './param-table.tsx'

/** A body schema as valibot's toJsonSchema writes it: nested money, an array of objects, a nullable, an enum. */
const body = {
  type: 'object',
  properties: {
    merchantPaymentId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Order id.' },
    amount: {
      type: 'object',
      properties: { amount: { type: 'integer', minimum: 1, maximum: 99999999999 }, currency: { type: 'string', enum: ['JPY'] } },
      required: ['amount', 'currency'],
    },
    codeType: { const: 'ORDER_QR' },
    orderItems: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', maxLength: 255 } }, required: ['name'] } },
    reason: { anyOf: [{ type: 'string', maxLength: 255 }, { type: 'null' }] },
    redirectType: { type: 'string', enum: ['WEB_LINK', 'APP_DEEP_LINK'] },
  },
  required: ['merchantPaymentId', 'amount', 'codeType'],
}

function renderTable(rows = fieldRows(body)) {
  render(
    <I18nProvider i18n={i18n}>
      <ParamTable rows={rows} caption="Request body" describe={(text) => text} />
    </I18nProvider>,
  )
  return screen.getByRole('table', { name: 'Request body' })
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^(↳ )?${name.replace(/[.[\]]/g, '\\$&')}$`) })
    .closest('tr')!

describe('the parameter table', () => {
  beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))

  it('lists nested fields under dotted names with their types and whether they are required', () => {
    const table = renderTable()
    expect(within(rowOf(table, 'amount')).getByText('object')).toBeTruthy()
    expect(within(rowOf(table, 'amount.amount')).getByText('integer')).toBeTruthy()
    expect(within(rowOf(table, 'amount.currency')).getByText('required')).toBeTruthy()
    expect(within(rowOf(table, 'orderItems')).getByText('array of object')).toBeTruthy()
    expect(within(rowOf(table, 'orderItems[].name')).getByText('required')).toBeTruthy()
    expect(within(rowOf(table, 'redirectType')).getByText('optional')).toBeTruthy()
    expect(rowOf(table, 'reason').textContent).toContain('string | null')
  })

  it('spells the constraints out and never prints a raw schema', () => {
    const table = renderTable()
    const id = rowOf(table, 'merchantPaymentId')
    expect(id.textContent).toContain('at least 1 characters')
    expect(id.textContent).toContain('at most 64 characters')
    expect(id.textContent).toContain('pattern ^[A-Za-z0-9_-]+$')
    expect(id.textContent).toContain('Order id.')
    expect(rowOf(table, 'amount.amount').textContent).toContain('maximum 99999999999')
    expect(rowOf(table, 'codeType').textContent).toContain('always ORDER_QR')
    expect(rowOf(table, 'redirectType').textContent).toContain('one of WEB_LINK, APP_DEEP_LINK')
    expect(table.textContent).not.toMatch(/\{"type"|"properties"|anyOf/)
  })

  it('shows where each parameter travels', () => {
    const table = renderTable(
      parameterRows([
        { name: 'merchantRefundId', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
        { name: 'paymentId', in: 'query', required: false, schema: { type: 'string', maxLength: 64 } },
      ]),
    )
    expect(within(table).getByRole('columnheader', { name: 'In' })).toBeTruthy()
    expect(within(rowOf(table, 'merchantRefundId')).getByText('path')).toBeTruthy()
    expect(within(rowOf(table, 'paymentId')).getByText('query')).toBeTruthy()
    expect(within(rowOf(table, 'paymentId')).getByText('optional')).toBeTruthy()
  })
})
