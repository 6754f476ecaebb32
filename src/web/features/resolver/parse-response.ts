/**
 * What a developer pastes as "response text": usually the JSON answer (`{"resultInfo":{"code","codeId"}}`), sometimes
 * an SDK's error line (`UNAUTHORIZED (08100016)`). Finds the code and codeId in it; pure, so the form can fill the
 * code field before anything is sent.
 */
export function codesInResponse(text: string): { code?: string; codeId?: string } {
  const trimmed = text.trim()
  if (!trimmed) return {}
  try {
    const parsed: unknown = JSON.parse(trimmed)
    const info = (parsed as { resultInfo?: unknown })?.resultInfo
    if (info && typeof info === 'object') {
      const { code, codeId } = info as { code?: unknown; codeId?: unknown }
      return {
        ...(typeof code === 'string' && code ? { code } : {}),
        ...(typeof codeId === 'string' && codeId ? { codeId } : {}),
      }
    }
  } catch {
    // not JSON: look for the shapes below
  }
  const code = /"code"\s*:\s*"([A-Za-z0-9_]+)"/.exec(trimmed)?.[1] ?? /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})\b/.exec(trimmed)?.[1]
  const codeId = /"codeId"\s*:\s*"(\d{6,10})"/.exec(trimmed)?.[1] ?? /\b(\d{8,9})\b/.exec(trimmed)?.[1]
  return { ...(code ? { code } : {}), ...(codeId ? { codeId } : {}) }
}
