import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

// jsdom has no scrollTo; the router and scroll-to-top call it.
window.scrollTo = () => {}
afterEach(() => cleanup())
