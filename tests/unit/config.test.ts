import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'

describe('server configuration from the environment (one valibot schema)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, mailFrom: 'PayLab <no-reply@paylab.localhost>', passcodePaths: [] })
    expect(config.maintenanceMode).toBeUndefined()
    expect(config.sandboxHttpsPort).toBeUndefined()
    expect(config.logLevel).toBe('info')
  })

  it('reads set values; empty ones count as unset', () => {
    const config = loadConfig({
      PORT: '4410',
      HOST: '',
      DATABASE_URL: '',
      MAINTENANCE_MODE: 'Yes',
      PASSCODE_PATHS: '/preview, docs ,/beta',
      SANDBOX_HTTPS_PORT: '3443',
      LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({ port: 4410, host: '127.0.0.1', databaseUrl: undefined, maintenanceMode: true, passcodePaths: ['/preview', '/beta'] })
    expect(config.sandboxHttpsPort).toBe(3443)
    expect(config.logLevel).toBe('warn')
    expect(loadConfig({ MAINTENANCE_MODE: '0' }).maintenanceMode).toBe(false)
  })

  it('stops on an invalid port or public origin, and falls back to info for an unknown log level', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('Invalid port: abc')
    expect(() => loadConfig({ SANDBOX_HTTPS_PORT: '70000' })).toThrow('Invalid port: 70000')
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://files.example.com' })).toThrow('Invalid PUBLIC_ORIGIN')
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://sandbox.example.com/path' }).publicOrigin).toBe('https://sandbox.example.com')
    expect(loadConfig({ LOG_LEVEL: 'verbose' }).logLevel).toBe('info')
  })
})
