import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { DemoType } from '@/domain/content.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { CheckoutDemo } from '../checkout/components/checkout-demo.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { Icon } from '@/web/ui/icons.tsx'

/** The parts of some content blocks (blocks.tsx): the image slider, a card's link and the payment demo. */
export function ImageSlider({ images }: { images: { src: string; alt: string }[] }) {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  const image = images[index]!
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length)
  return (
    <figure className="doc-slider" aria-roledescription={t`carousel`}>
      <img src={image.src} alt={image.alt} loading="lazy" />
      <figcaption className="doc-slider__controls">
        <button type="button" onClick={() => go(-1)} aria-label={t`Previous image`}>
          ‹
        </button>
        <span aria-live="polite">
          {index + 1} / {images.length}
        </span>
        <button type="button" onClick={() => go(1)} aria-label={t`Next image`}>
          ›
        </button>
      </figcaption>
    </figure>
  )
}

/** How the spec's language keys read on a card (spec §2 SDK cards: Python, NodeJs, Php, Java). */
const languageNames: Record<string, string> = { nodejs: 'Node.js', php: 'PHP', python: 'Python', java: 'Java' }
export const languageName = (key: string) => languageNames[key.toLowerCase()] ?? key

/**
 * A card's link: a portal path opens in the same tab (client-side, webview segment kept); an address elsewhere
 * (an SDK's source) opens in a new tab and says so (issue 11: internal cards never open new tabs).
 */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) return <InternalLink href={href}>{children}</InternalLink>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="doc-card__external">
        <Icon name="external" size={16} />
        <span className="visually-hidden">
          <Trans>(opens in a new tab)</Trans>
        </span>
      </span>
    </a>
  )
}

const demoLabs: Record<DemoType, string> = {
  dynamicQr: '/develop/qrcode-lab',
  appInvoke: '/develop/appinvoke-lab',
  nativePayment: '/develop/nativepayment-lab',
  webPayment: '/develop/webpayment-lab',
}

/**
 * The "payment API demo" block: the cake-shop checkout itself (loaded when used; QR for web payment, dynamic QR
 * and app invoke, direct debit for native payment), with a link to the payment lab for every request and answer.
 */
export function PaymentDemo({ demoType }: { demoType: DemoType }) {
  return (
    <aside className="doc-demo" aria-label={demoType}>
      <p className="doc-demo__title">
        <Trans>Try it in the sandbox</Trans>
      </p>
      <p>
        <Trans>
          Buy a 1-yen cake in the demo shop and pay it as a test user of the offline sandbox; or open the payment lab to send each request yourself.
        </Trans>
      </p>
      <div className="doc-demo__actions">
        <CheckoutDemo initialFlow={demoType === 'nativePayment' ? 'directDebit' : 'qr'} />
        <InternalLink href={demoLabs[demoType]} className={buttonClass('secondary', 'small')}>
          <Trans>Open the payment lab</Trans>
        </InternalLink>
      </div>
    </aside>
  )
}
