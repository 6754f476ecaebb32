export function writeStamp(stampFile: string, inputs: { sources: string[]; others?: string[] }, startedAt: number): void
export function staleReason(stampFile: string, outputs?: string[], root?: string): string | undefined
