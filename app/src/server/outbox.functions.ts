import { Outbox, OutboxEntry } from '@kibitz/kernel'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { Effect, Schema } from 'effect'
import { runDomain } from './runtime.server.ts'

// The developer's outbox (route /dev/outbox): its server function and the server code behind it.

/** How many messages /dev/outbox lists. */
const shownMessages = 50

const encodeEntry = Schema.encodeSync(OutboxEntry)

// The production build replaces a literal `process.env.NODE_ENV` with "production" at build time, while
// `npm start` runs that same build for the demo; the page must follow the environment the process runs in
// (KIBITZ_PRODUCTION, which the launcher sets from the operator's NODE_ENV).
const runtimeEnv = (name: string): string | undefined => process.env[name]

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
const decodeEntities = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => entities[name] ?? '')

/** Every http(s) URL of a message, each once: what a developer clicks instead of reading the e-mail. */
const linksOf = (text: string, html: string | null): ReadonlyArray<string> => {
  const found = `${text}\n${decodeEntities(html ?? '')}`.matchAll(/https?:\/\/[^\s"'<>]+/g)
  return [...new Set([...found].map((match) => match[0].replace(/[.,;:!?)\]]+$/, '')))]
}

/**
 * Whether /dev/outbox exists: only on a development server that sends no e-mail. Anywhere mail really goes
 * out (production, or a staging server with SMTP_URL) the page would hand anonymous visitors other people's
 * live password-reset and activation links.
 */
const outboxPageEnabled = (): boolean =>
  (runtimeEnv('KIBITZ_PRODUCTION') ?? (runtimeEnv('NODE_ENV') === 'production' ? '1' : '0')) !== '1' &&
  !runtimeEnv('SMTP_URL')?.trim()

/** The latest e-mails of the outbox with their links; null where /dev/outbox does not exist (see above). */
export const outboxData = createServerOnlyFn(async () => {
  if (!outboxPageEnabled()) return null
  const entries = await runDomain(
    Effect.gen(function* () {
      const outbox = yield* Outbox
      return yield* outbox.recent(shownMessages)
    }),
  )
  return entries.map((entry) => ({ ...encodeEntry(entry), links: linksOf(entry.text, entry.html) }))
})

/** The dev outbox page's data (route /dev/outbox): see outboxData. */
export const fetchOutbox = createServerFn({ method: 'GET' }).handler(() => outboxData())
