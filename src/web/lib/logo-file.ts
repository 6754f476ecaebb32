import { limits } from '@/domain/limits.ts'

/** spec §5 (sign-up step 3 and Settings): the logo is a JPG or PNG image, square (1:1), at most 222×222 px (checked again by the server). */
export const logoMaxPx = limits.accounts.logoMaxPx
export const logoTypes = ['image/png', 'image/jpeg']

export async function isAcceptableLogo(file: File): Promise<boolean> {
  if (!logoTypes.includes(file.type) || file.size > limits.accounts.logoMaxBytes) return false
  try {
    const bitmap = await createImageBitmap(file)
    const { width, height } = bitmap
    bitmap.close()
    return width === height && width > 0 && width <= logoMaxPx
  } catch {
    return false
  }
}
