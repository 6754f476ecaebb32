import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { LabGroup } from '@/domain/lab.ts'
import { products, type ProductModel } from '@/domain/products.ts'

/**
 * The lab's product scopes as a person reads them (issue 20: the Japanese UI showed `webPayment, payment`). A group of
 * one product is named by the products table (src/domain/products.ts); the two wider groups of spec §4 have their own
 * names.
 */
const groupNames: Record<LabGroup, MessageDescriptor | ProductModel> = {
  webPayment: msg`Web and QR payments`,
  payment: msg`Payments from linked accounts`,
  continuousPayment: 'continuous_payments',
  preauthCapture: 'preauth_capture',
}

export function labGroupName(group: LabGroup, i18n: I18n): string {
  const name = groupNames[group]
  if (typeof name !== 'string') return i18n._(name)
  const product = products.find((p) => p.model === name)!
  return i18n.locale === 'en' ? product.name : product.nameJp
}

/** The merchant's groups as one line ("、" between them in Japanese). */
export const labGroupList = (groups: readonly LabGroup[], i18n: I18n) => groups.map((g) => labGroupName(g, i18n)).join(i18n.locale === 'en' ? ', ' : '、')
