/**
 * The API reference's pages, one group of operations each (`/apireference?group=`): the provider's API and the
 * sandbox (default), the portal's own APIs, the developer tools and demo proxy. Its own module so the route's search
 * validation does not pull the page's code into the entry chunk.
 */
export const apiGroups = ['opa', 'portal', 'tools'] as const
export type ApiGroup = (typeof apiGroups)[number]
