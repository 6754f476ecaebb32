import { limits } from '@/domain/limits.ts'

/** spec §5 (sign-up step 3 and Settings): the logo is a JPG or PNG image, square (1:1), at most 222×222 px (checked again by the server). */
export const logoMaxPx = limits.accounts.logoMaxPx
export const logoTypes = ['image/png', 'image/jpeg']

/** Which rule a picked logo breaks (issue 20: the refusal says which), with the file's own figures. */
export type LogoProblem =
  | { rule: 'type' }
  | { rule: 'bytes'; bytes: number }
  | { rule: 'unreadable' }
  | { rule: 'ratio'; width: number; height: number }
  | { rule: 'pixels'; width: number; height: number }

/** The first rule of spec §5 the file breaks, or null when it can be uploaded. */
export async function logoProblem(file: File): Promise<LogoProblem | null> {
  if (!logoTypes.includes(file.type)) return { rule: 'type' }
  if (file.size > limits.accounts.logoMaxBytes) return { rule: 'bytes', bytes: file.size }
  let width = 0
  let height = 0
  try {
    const bitmap = await createImageBitmap(file)
    ;({ width, height } = bitmap)
    bitmap.close()
  } catch {
    return { rule: 'unreadable' }
  }
  if (width === 0 || height === 0) return { rule: 'unreadable' }
  if (width !== height) return { rule: 'ratio', width, height }
  if (width > logoMaxPx) return { rule: 'pixels', width, height }
  return null
}

export async function isAcceptableLogo(file: File): Promise<boolean> {
  return (await logoProblem(file)) === null
}
