import { useLingui } from '@lingui/react/macro'
import type { Page } from '@/domain/content.ts'
import { limits } from '@/domain/limits.ts'
import { KeptMarkup } from '@/web/ui/kept-markup.tsx'
import { blocksKept } from '../api.ts'
import { PageBlocks } from './blocks.tsx'
import { savedCodeLanguage } from './code-block.tsx'
import { DocSkeleton } from './skeleton.tsx'

/** The server drew the code blocks in Python: a page whose reader chose another language needs its data at once. */
const otherCodeLanguage = (root: HTMLElement) => savedCodeLanguage() !== undefined && root.querySelector('.code-block [role="tab"]') !== null

/**
 * A content page's blocks (issue 19: a page carries its content once). The server renders them from the page's data
 * and leaves them out of its hydration data (`withoutKeptBlocks`); the browser keeps the server's HTML of them and asks
 * for the page (`load`, `usePage`, whose answer replaces the kept page in the cache) only when it
 * needs it (`KeptMarkup`): a control among them used, the saved code language not the server's, the page drawn anew.
 */
export function KeptBlocks({ page, id, load }: { page: Page; id: string; load: () => unknown }) {
  const kept = blocksKept(page)
  const { t } = useLingui()
  // a code block's copy button copies what its block shows, as `CopyButton` does (code-block.tsx), without the page's data
  const copy = {
    selector: '.code-block__copy',
    use: (button: HTMLElement) => {
      const text = button.closest('.code-block')?.querySelector('pre')?.textContent?.replace(/\n$/, '')
      if (!text) return
      navigator.clipboard.writeText(text).then(
        () => {
          button.textContent = t`Copied`
          clearTimeout(Number(button.dataset.copiedTimer))
          button.dataset.copiedTimer = String(setTimeout(() => (button.textContent = t`Copy`), limits.copyFeedbackCodeMs))
        },
        () => {},
      )
    },
  }
  // the language in the id: the other language's blocks, drawn in the same place, are never taken for these
  return (
    <KeptMarkup
      id={`${id}.${page.__i18n_lang}`}
      className="doc-blocks"
      live={!kept}
      kept={kept}
      load={load}
      fallback={<DocSkeleton />}
      needsData={otherCodeLanguage}
      uses={copy}
    >
      <PageBlocks blocks={page.sections} />
    </KeptMarkup>
  )
}
