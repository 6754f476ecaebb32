import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { toDocusaurusMarkdown } from '../../scripts/lib/docusaurus-site.ts'

// `npm run bench:docusaurus` compares the portal's docs page with the same page in Docusaurus: the page it gives
// Docusaurus must hold the same content, in markdown Docusaurus (MDX) reads.
describe('toDocusaurusMarkdown', () => {
  const page = `---
title: Web Payment
description: Accept payments.
subTitle: Checkout for websites
order: 20
---

## Flows {#flows}

Same API as the :internal[Dynamic QR Code]{to="/products/docs/qrcode"} product; \`{codeId}\` stays code, {braces} <and> not.

:::button{href="/account/signup"}
Get sandbox keys
:::

:::payment-demo{type="webPayment"}
:::

\`\`\`nodejs
const a = { b: '<c>' }
:::button
\`\`\`

:::checklist
- [ ] A new \`merchantPaymentId\` per order.
:::
`

  it('turns our blocks into plain markdown with the same text', () => {
    expect(toDocusaurusMarkdown(page, 'en')).toBe(`---
title: "Web Payment"
description: "Accept payments."
---

# Web Payment

Checkout for websites


## Flows {#flows}

Same API as the [Dynamic QR Code](/products/docs/qrcode) product; \`{codeId}\` stays code, \\{braces\\} &lt;and> not.

[Get sandbox keys](/account/signup)

:::tip[Try it in the sandbox]

Buy a 1-yen cake in the demo shop and pay it as a test user of the offline sandbox; or open the payment lab to send each request yourself.

[Open the payment lab](/develop/webpayment-lab)

:::

\`\`\`javascript
const a = { b: '<c>' }
:::button
\`\`\`

- [ ] A new \`merchantPaymentId\` per order.
`)
  })

  it('keeps every heading, table row and code block of the web payment page, in both languages', () => {
    for (const lang of ['ja', 'en'] as const) {
      const source = readFileSync(`src/content/${lang}/products/docs/webpayment.md`, 'utf8')
      const converted = toDocusaurusMarkdown(source, lang)
      const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0
      expect(count(converted, /^#{2,6} /gm)).toBe(count(source, /^#{2,6} /gm))
      expect(count(converted, /^\|/gm)).toBe(count(source, /^\|/gm))
      expect(count(converted, /^```/gm)).toBe(count(source, /^```/gm))
      expect(converted).not.toMatch(/:internal\[|^:::(?!tip\[|$)/m)
      // the same content, give or take the front matter and the blocks' markup
      expect(Math.abs(Buffer.byteLength(converted) - Buffer.byteLength(source))).toBeLessThan(1000)
    }
  })
})
