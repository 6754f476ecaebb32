import { useLingui } from '@lingui/react/macro'
import type { Lang } from '@/domain/i18n.ts'
import { useLanguage } from '../use-language.ts'

/** Language names are written in their own language on purpose (spec §2: English / 日本語). */
const options: { lang: Lang; label: string }[] = [
  { lang: 'en', label: 'English' },
  { lang: 'ja', label: '日本語' },
]

export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useLingui()
  const { lang, setLang } = useLanguage()
  return (
    <div className={`shell-lang${className ? ` ${className}` : ''}`} role="group" aria-label={t`Language`}>
      {options.map((option) => (
        <button
          key={option.lang}
          type="button"
          lang={option.lang}
          className="shell-lang__option"
          aria-pressed={lang === option.lang}
          onClick={() => void setLang(option.lang)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
