import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Mini-app applications sent through the request form (issue 20; docs/decisions/miniapp-requests.md): kept for the
 * portal's operators, who read them with the operator token (`GET /dev/v1/miniappRequests`).
 */
export const miniappRequests = pgTable(
  'miniapp_requests',
  {
    id: text('id').primaryKey(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    service: text('service').notNull(),
    features: text('features').array().notNull(),
    /** The language the form was sent in (`ja` or `en`): the one the operators answer in. */
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('miniapp_requests_created_idx').on(t.createdAt)],
)
