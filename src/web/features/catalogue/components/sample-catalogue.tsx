import '../catalogue.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type ProductModel, products } from '@/domain/products.ts'
import { type SampleLanguage, type SampleOption, sampleLanguageNames, sampleLanguages, sampleOptions } from '@/domain/sample-catalogue.ts'
import { CopyValueButton } from '@/web/ui/copy-button.tsx'
import { TabList } from '@/web/ui/tab-list.tsx'
import { helperSource, sampleSource } from '../sources.ts'

interface OptionText {
  /** A payment product's option is named by the products table (one name per product everywhere, issue 20). */
  title: MessageDescriptor | ProductModel
  description: MessageDescriptor
  call: string
}

const optionTexts: Record<SampleOption, OptionText> = {
  'dynamic-qr': {
    title: 'qrcode',
    description: msg`Create a code for one order and show its URL as a QR code at the till or on your site; the payer scans it with the wallet app and pays.`,
    call: 'POST /v2/codes',
  },
  'app-invoke': {
    title: 'appinvoke',
    description: msg`From your app or mobile site, create a code and open its deep link: the wallet app opens on the payment, and the payer comes back to your redirect URL.`,
    call: 'POST /v2/codes (redirectType)',
  },
  cashback: {
    title: msg`Cashback`,
    description: msg`Give a linked user money back into their wallet. Needs a user authorization with the cashback scope; the answer is 202: the cashback is asynchronous.`,
    call: 'POST /v2/cashback',
  },
  'auto-debit': {
    title: msg`Auto direct debit`,
    description: msg`Charge a linked user at once, without a QR code or a confirmation screen. Needs a user authorization with the direct_debit scope; the answer says COMPLETED.`,
    call: 'POST /v2/payments',
  },
}

const productName = (model: ProductModel, locale: string) => {
  const product = products.find((p) => p.model === model)!
  return locale === 'en' ? product.name : product.nameJp
}

/** spec §2 demo panels: the catalogue of four options, each with a sample per language (issue 13). */
export function SampleCatalogue() {
  return (
    <div className="catalogue">
      <p className="catalogue__note">
        <Trans>
          Every sample signs with OPA-Auth and runs against the offline sandbox with the demo merchant's public test keys. The browser JavaScript samples are
          the page's half: a browser never holds the API secret, so they call your own server, which signs as the Node.js sample does. The iOS and Android
          samples sign in the app to try the sandbox from a simulator; in a shipped app that signing belongs on your server.
        </Trans>
      </p>
      {sampleOptions.map((option) => (
        <CatalogueOption key={option} option={option} />
      ))}
    </div>
  )
}

function CatalogueOption({ option }: { option: SampleOption }) {
  const { t, i18n } = useLingui()
  const [language, setLanguage] = useState<SampleLanguage>(sampleLanguages[0])
  const texts = optionTexts[option]
  const title = typeof texts.title === 'string' ? productName(texts.title, i18n.locale) : t(texts.title)
  const sample = sampleSource(option, language)
  const helper = helperSource(language)
  const name = sampleLanguageNames[language]
  const tabId = (id: SampleLanguage) => `catalogue-${option}-tab-${id}`
  const panelId = (id: SampleLanguage) => `catalogue-${option}-panel-${id}`
  return (
    <section className="catalogue__option" aria-labelledby={`catalogue-${option}`} data-option={option}>
      <h2 id={`catalogue-${option}`} className="catalogue__title">
        {title}
      </h2>
      <p className="catalogue__description">{t(texts.description)}</p>
      <p className="catalogue__call">
        <code>{texts.call}</code>
      </p>
      <TabList
        ids={sampleLanguages}
        current={language}
        onSelect={setLanguage}
        labelOf={(id) => sampleLanguageNames[id]}
        tabId={tabId}
        panelId={panelId}
        label={t`Language of the ${title} sample`}
      />
      <div role="tabpanel" id={panelId(language)} aria-labelledby={tabId(language)} className="catalogue__panel">
        <SourceBox path={sample.path} source={sample.source} label={t`Copy the ${name} sample`} />
        {helper && (
          <details className="catalogue__helper">
            <summary>
              <Trans>The signing helper it uses: {helper.path}</Trans>
            </summary>
            <SourceBox path={helper.path} source={helper.source} label={t`Copy the ${name} signing helper`} />
          </details>
        )}
      </div>
    </section>
  )
}

function SourceBox({ path, source, label }: { path: string; source: string; label: string }) {
  return (
    <div className="catalogue__source">
      <div className="catalogue__source-bar">
        <span className="catalogue__path">{path}</span>
        <CopyValueButton value={source} label={label} />
      </div>
      {/* the code scrolls in its own box (spec §2: at most 313 px high), never the page */}
      <pre className="catalogue__code" tabIndex={0}>
        <code>{source}</code>
      </pre>
    </div>
  )
}
