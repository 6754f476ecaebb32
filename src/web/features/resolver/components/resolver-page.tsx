import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Button, buttonClass } from '@/web/ui/button.tsx'
import { normalizeTyped } from '@/domain/typed-input.ts'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { TextField } from '@/web/ui/text-field.tsx'
import { resolveQueryOptions, type ResolveAnswer } from '../api.ts'
import { codesInResponse } from '../parse-response.ts'
import '../resolver.css'

export interface ResolverSearch {
  api_name?: string
  code?: string
  code_id?: string
}

/**
 * `/develop/resolve` (spec §1 analyse): the form is the page's search params — an SDK link
 * (`?api_name=&code=&code_id=`) and a submitted form are the same thing, so the answer can be bookmarked and shared.
 * Works signed out (docs/dashboard.md "Resolver page"). The route puts it in the tools' frame.
 */
export function ResolverPage({ search }: { search: ResolverSearch }) {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  const input = { code: search.code ?? '', codeId: search.code_id, apiName: search.api_name }
  const answer = useQuery(resolveQueryOptions(input, lang))
  return (
    <>
      <ResolverForm key={`${search.api_name ?? ''}|${search.code ?? ''}|${search.code_id ?? ''}`} search={search} />
      <section className="resolver-result" aria-live="polite" aria-busy={answer.isFetching}>
        {input.code.trim() === '' ? null : answer.isPending ? (
          <p className="resolver-result__busy">
            <Trans>Looking the code up…</Trans>
          </p>
        ) : answer.isError ? (
          <p role="alert" className="resolver-result__error">
            <Trans>The resolver could not be reached. Check your connection and try again.</Trans>
          </p>
        ) : (
          <Resolution answer={answer.data} asked={input.code} apiName={search.api_name} />
        )}
      </section>
    </>
  )
}

function ResolverForm({ search }: { search: ResolverSearch }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [apiName, setApiName] = useState(search.api_name ?? '')
  const [code, setCode] = useState(search.code ?? '')
  const [responseText, setResponseText] = useState('')
  // what is wrong with the input, said at once (issue 20: an empty or unreadable input never does nothing)
  const [problem, setProblem] = useState<'empty' | 'unreadable' | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // full-width ０８１０００１６ or ＵＮＡＵＴＨＯＲＩＺＥＤ is the code it looks like (NFKC, src/domain/typed-input.ts)
    const typed = normalizeTyped(code)
    const found = codesInResponse(normalizeTyped(responseText))
    // a response that carries only a codeId (an SDK's error line) is explained by it
    const chosen = typed || found.code || found.codeId || ''
    if (!chosen) {
      setProblem(normalizeTyped(responseText) ? 'unreadable' : 'empty')
      return
    }
    setProblem(null)
    const codeId = found.codeId ?? (typed && typed !== search.code ? undefined : search.code_id)
    const api = normalizeTyped(apiName)
    void navigate({
      to: '.',
      search: { ...(api ? { api_name: api } : {}), code: chosen, ...(codeId ? { code_id: codeId } : {}) },
    })
  }
  return (
    <form className="resolver-form" onSubmit={submit} noValidate>
      <TextField
        label={t`API endpoint`}
        hint={t`For example POST /v2/codes or createQRCode`}
        value={apiName}
        maxLength={300}
        onChange={(e) => setApiName(e.target.value)}
      />
      <TextField
        label={t`Response code`}
        hint={t`resultInfo.code or resultInfo.codeId, for example UNAUTHORIZED or 08100016`}
        value={code}
        maxLength={100}
        error={
          problem === 'empty'
            ? t`Enter a response code, or paste a response that contains one.`
            : problem === 'unreadable'
              ? t`No response code was found in the pasted text. It needs resultInfo.code or resultInfo.codeId (for example "code":"UNAUTHORIZED" or 08100016); or type the code above.`
              : undefined
        }
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="ui-field">
        <label htmlFor="resolver-response" className="ui-field__label">
          <Trans>Response text (optional)</Trans>
        </label>
        <textarea
          id="resolver-response"
          className="ui-field__input resolver-form__text"
          rows={4}
          maxLength={20000}
          value={responseText}
          placeholder='{"resultInfo":{"code":"…","message":"…","codeId":"…"},"data":null}'
          onChange={(e) => setResponseText(e.target.value)}
        />
      </div>
      <Button type="submit">
        <Trans>Explain this code</Trans>
      </Button>
    </form>
  )
}

function Resolution({ answer, asked, apiName }: { answer: ResolveAnswer; asked: string; apiName?: string }) {
  const { t } = useLingui()
  const entry = answer.entry
  if (!answer.found || !entry)
    return (
      <div className="resolver-card resolver-card--unknown">
        <h2>
          <Trans>Unknown code: {asked}</Trans>
        </h2>
        <p>
          <Trans>This code is not one the Open Payment API or the portal answers. Check that you copied resultInfo.code (or resultInfo.codeId) exactly.</Trans>
        </p>
        {answer.near.length > 0 ? (
          <>
            <h3>
              <Trans>Did you mean</Trans>
            </h3>
            <ul className="resolver-near">
              {answer.near.map((n) => (
                <li key={n.code}>
                  <InternalLink href={`/develop/resolve?${new URLSearchParams({ ...(apiName ? { api_name: apiName } : {}), code: n.code })}`}>
                    <code>{n.code}</code>
                  </InternalLink>{' '}
                  — {n.meaning}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            <Trans>No similar code is known either.</Trans>
          </p>
        )}
      </div>
    )
  return (
    <article className="resolver-card" aria-label={t`Explanation of ${entry.code}`}>
      <h2 className="resolver-card__code">
        <code>{entry.code}</code>
      </h2>
      <dl className="resolver-card__facts">
        <div>
          <dt>
            <Trans>HTTP status</Trans>
          </dt>
          <dd>{entry.status}</dd>
        </div>
        {entry.codeIds.length > 0 && (
          <div>
            <dt>
              <Trans>codeId</Trans>
            </dt>
            <dd>{entry.codeIds.join(', ')}</dd>
          </div>
        )}
        {apiName && (
          <div>
            <dt>
              <Trans>Endpoint</Trans>
            </dt>
            <dd>
              <code>{apiName}</code>
            </dd>
          </div>
        )}
      </dl>
      <h3>
        <Trans>Meaning</Trans>
      </h3>
      <p data-part="meaning">{entry.meaning}</p>
      <h3>
        <Trans>Likely cause</Trans>
      </h3>
      <p data-part="cause">{entry.cause}</p>
      <h3>
        <Trans>How to fix it</Trans>
      </h3>
      <p data-part="fix">{entry.fix}</p>
      {entry.lab && (
        <InternalLink href={entry.lab.path} className={buttonClass('secondary', 'small')}>
          <Trans>Reproduce in the lab</Trans>
        </InternalLink>
      )}
    </article>
  )
}
