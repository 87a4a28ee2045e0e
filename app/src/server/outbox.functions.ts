import { createServerFn } from '@tanstack/react-start'
import { outboxData } from './outbox.server.ts'

/** The dev outbox: the latest e-mails, or null in production or with SMTP_URL (the route then answers 404). */
export const fetchOutbox = createServerFn({ method: 'GET' }).handler(() => outboxData())
