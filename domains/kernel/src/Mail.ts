import { Context, type Effect, Schema } from 'effect'
import type { Em } from './Em.ts'
import { interfaceLocales } from './Languages.ts'

// The mail port: domains render their own messages (already in the recipient's language) and hand them to
// the outbox inside the transaction of the change that caused them; infra stores them, jobs/ delivers them.

/** One address, as SMTP accepts it in RCPT TO (RFC 5321 caps a path at 254 characters). */
const Recipient = Schema.String.check(
  Schema.isMaxLength(254),
  Schema.isPattern(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/, {
    expected: 'an e-mail address',
  }),
)

/** A message a domain has rendered and wants sent. */
export class MailMessage extends Schema.Class<MailMessage>('@kibitz/kernel/MailMessage')({
  to: Recipient,
  subject: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(300)),
  text: Schema.String,
  html: Schema.optional(Schema.NullOr(Schema.String)),
  /** What the message is, for tracing and the dev outbox, e.g. 'accounts.activation'. */
  kind: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(60)),
  /** The language the message was rendered in. */
  language: Schema.Literals(interfaceLocales),
}) {}

/** pending: waiting for delivery; sent; failed: gave up after retries; kept: no SMTP server configured. */
export const MailStatus = Schema.Literals(['pending', 'sent', 'failed', 'kept'])
export type MailStatus = typeof MailStatus.Type

/** A message as the outbox holds it, with its delivery state; only pending and kept ones keep their bodies. */
export class OutboxEntry extends Schema.Class<OutboxEntry>('@kibitz/kernel/OutboxEntry')({
  id: Schema.Int,
  to: Schema.String,
  subject: Schema.String,
  /** Empty once the message was sent or given up: its links must not outlive the e-mail. */
  text: Schema.String,
  /** Null once the message was sent or given up, like `text`. */
  html: Schema.NullOr(Schema.String),
  kind: Schema.String,
  language: Schema.String,
  status: MailStatus,
  createdAt: Schema.DateFromString,
  sentAt: Schema.NullOr(Schema.DateFromString),
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
}) {}

/** The durable outbox every e-mail passes through; infra implements it, the kernel only declares it. */
export class Outbox extends Context.Service<
  Outbox,
  {
    /**
     * Domain services: stores `message` through the current `Em`, so it commits or rolls back with the
     * caller's transaction; once committed it is delivered at least once, even if the process dies.
     */
    enqueue(message: MailMessage): Effect.Effect<void, never, Em>
    /** Developer pages only: the latest `limit` messages, newest first. */
    recent(limit: number): Effect.Effect<ReadonlyArray<OutboxEntry>, never, Em>
  }
>()('@kibitz/kernel/Outbox') {}
