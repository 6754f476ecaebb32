/** React Query keys of the API reference: the server's own OpenAPI description. */
export const apiReferenceKeys = {
  openApi: () => ['apireference', 'openapi'] as const,
}
