import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { activate, savedLang } from './lib/i18n.ts'
import { createQueryClient, Providers } from './providers.tsx'
import { createAppRouter } from './router.tsx'
import './ui/tokens.css'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

await activate(savedLang())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
