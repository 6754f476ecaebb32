/** The Hono environment of the portal's one app (app.ts): what every request carries beside its context. */
export type AppEnv = { Variables: { requestId: string } }
