import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Lang } from '@/domain/i18n.ts'
import { savedLangChoice } from '@/web/lib/i18n.ts'
import { ContentPage } from './content-page.tsx'

/**
 * spec §2/§9: the terms page has its own language switch, starting from the saved language, English when none was
 * saved (the `lang` cookie, so the server and the browser start from the same one).
 */
export const initialTermsLang = (cookieHeader?: string | null): Lang => savedLangChoice(cookieHeader) ?? 'en'

export function TermsPage({ initialLang }: { initialLang: Lang }) {
  const { t } = useLingui()
  const [lang, setLang] = useState<Lang>(initialLang)
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
