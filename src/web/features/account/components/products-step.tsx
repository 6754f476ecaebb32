import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { productsQuery } from '../api.ts'
import { langOf } from '../messages.ts'
import { FormError } from './auth-card.tsx'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'

/** spec §2: a description longer than this expands on hover (and keyboard focus). */
const expandAfterChars = 100

export interface ProductsStepProps {
  merchantName: string
  logoUrl: string | null
  registering: boolean
  error: string
  onBack: () => void
  onRegister: (productIds: number[]) => void
}

/** Sign-up screen 4 (spec §2): merchant logo and name, Back, one checkbox card per product (all checked), register. */
export function ProductsStep({ merchantName, logoUrl, registering, error, onBack, onRegister }: ProductsStepProps) {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const products = useQuery(productsQuery())
  const [selected, setSelected] = useState<Set<number> | null>(null)
  // spec §9: every product is checked by default
  useEffect(() => {
    if (products.data && selected === null) setSelected(new Set(products.data.content.map((p) => p.id)))
  }, [products.data, selected])

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (selected && selected.size > 0 && !registering) onRegister([...selected].sort((a, b) => a - b))
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <div className="account-merchant">
        <MerchantLogo url={logoUrl} name={merchantName} size={48} />
        <strong>{merchantName}</strong>
        <button type="button" className="account-link-button" onClick={onBack} disabled={registering}>
          <Trans>Back</Trans>
        </button>
      </div>
      <p className="account-lead">
        <Trans>Choose the payment products you want to try in the sandbox.</Trans>
      </p>
      <FormError message={error} />
      {products.isPending && <p role="status">{t`Loading products…`}</p>}
      {products.isError && <FormError message={t`The products could not be loaded. Please try again later.`} />}
      <fieldset className="account-products">
        <legend className="visually-hidden">{t`Payment products`}</legend>
        {products.data?.content.map((product) => {
          const name = lang === 'ja' ? product.nameJp : product.name
          const description = lang === 'ja' ? product.descriptionJp : product.description
          const long = description.length > expandAfterChars
          return (
            <label key={product.id} className={`account-product${long ? ' account-product--long' : ''}`} data-model={product.model}>
              <input type="checkbox" checked={selected?.has(product.id) ?? true} onChange={() => toggle(product.id)} />
              <img src={product.logo} alt="" width={40} height={40} />
              <span className="account-product__text">
                <span className="account-product__name">
                  {name}
                  {product.corporateOnly && (
                    <span className="account-badge">
                      <Trans>Corporate only</Trans>
                    </span>
                  )}
                </span>
                {long ? (
                  // the clamped twin holds the card's height; the description expands over what follows, so nothing
                  // moves under the pointer (a moving Register button lost the first click, issue 20)
                  <span className="account-product__box">
                    <span className="account-product__space" aria-hidden="true">
                      {description}
                    </span>
                    <span className="account-product__description">{description}</span>
                  </span>
                ) : (
                  <span className="account-product__description">{description}</span>
                )}
              </span>
            </label>
          )
        })}
      </fieldset>
      <button
        type="submit"
        className="ui-button ui-button--primary ui-button--medium account-submit"
        disabled={registering || !selected || selected.size === 0}
      >
        {registering ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
      </button>
    </form>
  )
}
