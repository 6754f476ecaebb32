import tokensCss from '@/web/ui/tokens.css?raw'

export interface Token {
  name: string
  value: string
}

/** The design tokens, read from the one source (ui/tokens.css) so the style guide cannot drift from it. */
export const tokens: Token[] = [...tokensCss.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)].map((m) => ({ name: m[1]!, value: m[2]!.trim() }))

export const tokensWithPrefix = (prefix: string) => tokens.filter((t) => t.name.startsWith(prefix))
