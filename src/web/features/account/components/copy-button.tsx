import { CopyValueButton } from '@/web/ui/copy-button.tsx'

/** Copies a value; its label reads 'Copied' for `feedbackMs` (spec §9: 1 second in the profile menu). */
export function CopyButton({ value, label, feedbackMs }: { value: string; label: string; feedbackMs: number }) {
  return <CopyValueButton value={value} label={label} feedbackMs={feedbackMs} className="account-copy" />
}
