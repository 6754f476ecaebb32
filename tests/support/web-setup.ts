import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/preact'

// jsdom has no scrollTo; the router and scroll-to-top call it.
window.scrollTo = () => {}
afterEach(() => cleanup())
