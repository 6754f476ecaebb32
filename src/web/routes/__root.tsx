import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../router.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // spec §2: unknown paths redirect to the 404 page.
  notFoundComponent: () => <Navigate to="/{-$webview}/not-found" replace />,
})
