import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { fromStoredLang, type Lang } from '@/domain/i18n.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { ContentPage } from './content-page.tsx'

/** spec §2/§9: the terms page has its own language switch, starting from the saved language, English by default. */
export function initialTermsLang(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Lang {
  try {
    const saved = storage?.getItem(storageKeys.lang)
    return saved ? fromStoredLang(saved) : 'en'
  } catch {
    return 'en'
  }
}

export function TermsPage() {
  const { t } = useLingui()
  const [lang, setLang] = useState<Lang>(() => initialTermsLang())
  return (
    <ContentPage
      name="terms-of-use"
      lang={lang}
      before={
        <div role="group" aria-label={t`Language of the terms`} className="doc-terms-lang">
          <button type="button" aria-pressed={lang === 'en'} className="code-block__tab" onClick={() => setLang('en')} lang="en">
            English
          </button>
          <button type="button" aria-pressed={lang === 'ja'} className="code-block__tab" onClick={() => setLang('ja')} lang="ja">
            日本語
          </button>
        </div>
      }
    />
  )
}
