import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/store/tables',
  out: './src/server/store/migrations',
})
