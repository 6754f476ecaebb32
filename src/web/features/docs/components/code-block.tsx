import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { codeTabLabels, codeTabLanguageOf, type CodeTabLanguage, type CodeVariant } from '@/domain/content.ts'
import { limits } from '@/domain/limits.ts'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { useTabKeys } from '@/web/ui/tab-keys.ts'

/** The chosen code language is saved locally and applied to every code block on every page (spec §2). */
export const codeLanguageStorageKey = 'codeLanguage'
const changeEvent = 'paylab:code-language'

function readChoice(): CodeTabLanguage {
  try {
    const saved = localStorage.getItem(codeLanguageStorageKey)
    return codeTabLanguageOf(saved) ?? 'python'
  } catch {
    return 'python'
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(changeEvent, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(changeEvent, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The code language saved in this browser, when it is not the one the server draws code blocks in (Python). */
export function savedCodeLanguage(): CodeTabLanguage | undefined {
  const choice = readChoice()
  return choice === 'python' ? undefined : choice
}

export function useCodeLanguage() {
  const choice = useSyncExternalStore(subscribe, readChoice, () => 'python' as CodeTabLanguage)
  const choose = (language: CodeTabLanguage) => {
    try {
      localStorage.setItem(codeLanguageStorageKey, language)
    } catch {
      // storage unavailable: the choice lasts for this page
    }
    window.dispatchEvent(new Event(changeEvent))
  }
  return [choice, choose] as const
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      return
    }
    setCopied(true)
    clearTimeout(timer.current)
    // spec §9: 'copied' shows for 4 seconds on code blocks
    timer.current = setTimeout(() => setCopied(false), limits.copyFeedbackCodeMs)
  }
  return (
    <button type="button" className="code-block__copy" onClick={copy} aria-live="polite">
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
    </button>
  )
}

/**
 * A variant's lines as one run of nodes: a coloured token is a `<span>`, plain text (the line ends included) is joined
 * into one text node, so the server's HTML carries no element per line and no `<!-- -->` between adjacent texts
 * (issue 19: the document's size). The `<pre>`'s text is the code, line by line.
 */
function codeNodes(lines: CodeVariant['lines']): ReactNode[] {
  const nodes: ReactNode[] = []
  let text = ''
  lines.forEach((line, i) => {
    line.forEach((token, j) => {
      if (!token.c) {
        text += token.t
        return
      }
      if (text) nodes.push(text)
      text = ''
      nodes.push(
        <span key={`${i}.${j}`} style={{ color: token.c }}>
          {token.t}
        </span>,
      )
    })
    text += '\n'
  })
  if (text) nodes.push(text)
  return nodes
}

function Lines({ variant }: { variant: CodeVariant }) {
  return (
    <pre className="code-block__pre" tabIndex={0}>
      <code data-language={variant.language}>{codeNodes(variant.lines)}</code>
    </pre>
  )
}

/** spec §2: the release-note link of a code block leads to the notes of the SDK its sample is written for. */
function ReleaseNoteLink({ language }: { language: CodeTabLanguage }) {
  const { t } = useLingui()
  const sdk = codeTabLabels[language]
  return (
    <InternalLink href={`/products/docs/releasenotes#${language}`} className="code-block__release" aria-label={t`Release notes of the ${sdk} SDK`}>
      <Trans>Release notes</Trans>
    </InternalLink>
  )
}

/**
 * A code block: a tab bar when it has several languages, the release-note link of the selected SDK language,
 * copy button, 313 px max height, 500 ms fade-in.
 */
export function CodeBlock({ variants }: { variants: CodeVariant[] }) {
  const { t } = useLingui()
  const [choice, choose] = useCodeLanguage()
  const id = useId()
  const tabbed = variants.length > 1
  const active = (tabbed && variants.find((v) => v.language === choice)) || variants[0]!
  // a sample in an SDK language links to that SDK's release notes (a section of that id)
  const sdk = codeTabLanguageOf(active.language)
  const keys = useTabKeys(
    variants.map((v) => v.language),
    active.language,
    (language) => choose(language as CodeTabLanguage),
  )
  return (
    <div className="code-block" style={{ ['--fade-ms' as string]: `${limits.tabFadeMs}ms` }}>
      <div className="code-block__bar">
        {tabbed ? (
          <div role="tablist" aria-label={t`Code language`} className="code-block__tabs" onKeyDown={keys.onKeyDown}>
            {variants.map((v) => {
              const selected = v === active
              return (
                <button
                  key={v.language}
                  ref={keys.tabRef(v.language)}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${v.language}`}
                  aria-selected={selected}
                  aria-controls={`${id}-panel`}
                  tabIndex={selected ? 0 : -1}
                  className="code-block__tab"
                  onClick={() => choose(v.language as CodeTabLanguage)}
                >
                  {codeTabLabels[v.language as CodeTabLanguage] ?? v.language}
                </button>
              )
            })}
          </div>
        ) : (
          <span className="code-block__language">{active.language}</span>
        )}
        <span className="code-block__actions">
          {sdk && <ReleaseNoteLink language={sdk} />}
          <CopyButton text={active.code} />
        </span>
      </div>
      <div
        id={`${id}-panel`}
        key={active.language}
        className="code-block__panel"
        {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${active.language}` } : {})}
      >
        <Lines variant={active} />
      </div>
    </div>
  )
}
