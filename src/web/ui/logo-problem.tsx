import { Trans } from '@lingui/react/macro'
import { limits } from '@/domain/limits.ts'
import type { LogoProblem } from '@/web/lib/logo-file.ts'

/** What is wrong with a picked logo, said beside spec §5's 'Kindly upload your logo!' (issue 20): type, size or shape. */
export function LogoProblemText({ problem }: { problem: LogoProblem }) {
  const max = limits.accounts.logoMaxPx
  switch (problem.rule) {
    case 'type':
      return <Trans>This file is not a JPG or PNG image.</Trans>
    case 'bytes': {
      const kb = Math.ceil(problem.bytes / 1024)
      const maxKb = limits.accounts.logoMaxBytes / 1024
      return (
        <Trans>
          The file is {kb} KB; the limit is {maxKb} KB.
        </Trans>
      )
    }
    case 'unreadable':
      return <Trans>The image could not be read.</Trans>
    case 'ratio': {
      const { width, height } = problem
      return (
        <Trans>
          The image is {width}×{height} px; it must be square (1:1).
        </Trans>
      )
    }
    case 'pixels': {
      const { width, height } = problem
      return (
        <Trans>
          The image is {width}×{height} px; the limit is {max}×{max} px.
        </Trans>
      )
    }
  }
}
