import type { Block } from '@/domain/content.ts'
import { usePage } from '@/web/features/docs/api.ts'
import { PageBlocks } from '@/web/features/docs/components/blocks.tsx'
import type { GuideText } from '@/web/features/styleguide/components/styleguide-pages.tsx'

const render = (blocks: Block[]) => <PageBlocks blocks={blocks} />

/**
 * A style-guide page's text (`styleguide/<group>/<name>.md`, content type designSystem) in the UI language, drawn by
 * the docs' block renderer: the route joins the two features (no feature imports another).
 */
export function useGuideText(slug: string): GuideText | undefined {
  const page = usePage('designSystem', slug).data
  return page && { description: page.description, sections: page.sections, render }
}
